import { normalizeUsername } from '@agentry/domain/email';
import type { Admin, Store } from '@agentry/platform/store/port';
import {
  newRecoveryCodes,
  newTotpEnrolment,
  recoveryCodeHash,
  type TotpEnrolment,
  totpStepOf,
} from '../../auth/totp';
import type { TotpSecretBox } from '../../auth/totp-secret-box';
import type { Action, Query } from '../command';

/** The admin accounts (the CLIs open the store for these alone). */
type Admins = { store: Pick<Store, 'admins'> };

// Enrolling a staff account in two-factor sign-in (`npm run admin:totp`, and `npm run admin:create`
// right after the account is made), and turning it off (the documented reset when a phone and the
// recovery codes are both lost). The operator runs these on the server: whoever knows only an
// admin's password cannot enrol a phone of their own.

export interface PreparedEnrolment extends TotpEnrolment {
  admin: Admin;
  /** Shown once; only their hashes are stored. */
  recoveryCodes: string[];
}

export class UnknownAdminError extends Error {
  constructor(readonly username: string) {
    super(`No admin is named ${username}`);
    this.name = 'UnknownAdminError';
  }
}

/** A new secret and recovery codes for the admin, not stored yet: the first code from the app confirms them. */
export const prepareTotpEnrolment: Query<Admins, { username: string }, PreparedEnrolment> = async (
  { store },
  { username },
) => {
  const found = await store.admins.findByUsernameWithSecret(username);
  if (!found) throw new UnknownAdminError(normalizeUsername(username));
  const { id, username: name, created_at, totp_enabled } = found;
  return {
    admin: { id, username: name, created_at, totp_enabled },
    ...newTotpEnrolment(name),
    recoveryCodes: newRecoveryCodes(),
  };
};

/**
 * Stores the prepared enrolment (encrypted secret, hashed recovery codes) when `code` is what the
 * app shows now, replacing any earlier one; the confirming code is used up. False for a wrong code.
 */
export const confirmTotpEnrolment: Action<
  Admins & { box: TotpSecretBox; now: () => number },
  { prepared: PreparedEnrolment; code: string },
  boolean
> = async ({ store, box, now }, { prepared, code }) => {
  const step = await totpStepOf(prepared.secret, code, now(), null);
  if (step === null) return false;
  const saved = await store.admins.setTotp(prepared.admin.id, {
    secret: box.seal(prepared.secret),
    recovery_code_hashes: prepared.recoveryCodes.map(recoveryCodeHash),
  });
  if (!saved) throw new UnknownAdminError(prepared.admin.username);
  await store.admins.useTotpStep(prepared.admin.id, step);
  return true;
};

/** Turns the second factor off (the admin signs in with the password alone, unless it is required). */
export const turnOffAdminTotp: Action<Admins, { username: string }> = async ({ store }, { username }) => {
  const admin = await store.admins.findByUsernameWithSecret(username);
  if (!admin) throw new UnknownAdminError(normalizeUsername(username));
  await store.admins.setTotp(admin.id, null);
};
