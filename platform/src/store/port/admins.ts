// The store's part for staff accounts and their second factor (contract/admin.ts).

/** Staff who run the catalog: accounts apart from providers and employers (docs/admin.md). */
export interface Admin {
  id: string;
  /** Stored trimmed and lower-cased; unique. */
  username: string;
  created_at: string;
  /** Whether the admin signs in with a second factor, a TOTP code (docs/admin.md). */
  totp_enabled: boolean;
}

export interface AdminWithSecret extends Admin {
  password_hash: string;
  /** The TOTP secret as the server encrypted it (server/src/auth/totp-secret-box.ts); null when not enrolled. */
  totp_secret: string | null;
  /** The time step of the last code accepted: a code of this step or an earlier one is a replay. */
  totp_last_step: number | null;
  /** How many unused recovery codes the admin has left. */
  recovery_codes_left: number;
}

/** A second factor as enrolment stores it: the encrypted secret and the hashes of the recovery codes. */
export interface AdminTotp {
  secret: string;
  recovery_code_hashes: string[];
}

export interface AdminRepository {
  /** Throws DuplicateAdminError when the username is taken. */
  create(input: { username: string; password_hash: string }): Promise<Admin>;
  findById(id: string): Promise<Admin | null>;
  /** Includes the password hash and the second factor's secret: only for the admin sign-in. */
  findByUsernameWithSecret(username: string): Promise<AdminWithSecret | null>;
  /** The same by id: only for the sign-in's second step. */
  findByIdWithSecret(id: string): Promise<AdminWithSecret | null>;
  setPasswordHash(id: string, passwordHash: string): Promise<void>;
  /**
   * Enrols a second factor, replacing any earlier one (its secret, recovery codes and last step go),
   * or turns it off with null. False when no admin has this id.
   */
  setTotp(id: string, totp: AdminTotp | null): Promise<boolean>;
  /**
   * Takes a code's time step as used, atomically: false when a code of this step or a later one was
   * accepted before (a replayed code), also when two requests race with the same code.
   */
  useTotpStep(id: string, step: number): Promise<boolean>;
  /** Uses up the recovery code with this hash, atomically: false when the admin has no such unused code. */
  useRecoveryCode(id: string, codeHash: string): Promise<boolean>;
  count(): Promise<number>;
}

export class DuplicateAdminError extends Error {
  constructor(readonly username: string) {
    super(`An admin named ${username} already exists`);
    this.name = 'DuplicateAdminError';
  }
}
