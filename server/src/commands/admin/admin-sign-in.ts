import type { Logger } from '@agentry/platform/log/logger';
import type { Admin, AdminWithSecret, Store } from '@agentry/platform/store/port';
import { checkPassword, decoyHash, replaceOutdatedHash } from '../../auth/passwords';
import { looksLikeTotpCode, recoveryCodeHash, totpStepOf } from '../../auth/totp';
import type { TotpSecretBox } from '../../auth/totp-secret-box';
import type { Action } from '../command';

export const INVALID_ADMIN_CREDENTIALS = 'Invalid credentials';
export const INVALID_ADMIN_CODE = 'Invalid code';

/** Only the fields that may leave the sign-in: never the hash, the secret or the recovery codes. */
const publicAdmin = ({ id, username, created_at, totp_enabled }: AdminWithSecret): Admin => ({
  id,
  username,
  created_at,
  totp_enabled,
});

/**
 * The admin whose username and password these are, or null. An unknown username costs the same
 * hash as a known one, so the answer's timing does not tell which usernames exist. A password that
 * matched an outdated hash is hashed anew (auth/passwords.ts). The second factor, when the admin
 * has one, is the caller's next step (verifyAdminCode).
 */
export const verifyAdmin: Action<
  { store: Pick<Store, 'admins'>; logger?: Logger },
  { username: string; password: string },
  Admin | null
> = async ({ store, logger }, { username, password }) => {
  const admin = await store.admins.findByUsernameWithSecret(username);
  const { matches, outdated } = await checkPassword(password, admin?.password_hash ?? (await decoyHash()));
  if (!admin || !matches) return null;
  if (outdated)
    await replaceOutdatedHash(password, (hash) => store.admins.setPasswordHash(admin.id, hash), logger);
  return publicAdmin(admin);
};

/** right: signed in; wrong: refused (also a replayed code); unreadable: the stored secret cannot be opened. */
export type CodeCheck = 'right' | 'wrong' | 'unreadable';

/**
 * The sign-in's second step: a TOTP code of the admin's app (each time step once, whatever races
 * with it), or one of their recovery codes (each once).
 */
export const verifyAdminCode: Action<
  { store: Pick<Store, 'admins'>; box: TotpSecretBox; now: () => number },
  { adminId: string; code: string },
  CodeCheck
> = async ({ store, box, now }, { adminId, code }) => {
  const admin = await store.admins.findByIdWithSecret(adminId);
  if (!admin?.totp_secret) return 'wrong';
  if (!looksLikeTotpCode(code))
    return (await store.admins.useRecoveryCode(admin.id, recoveryCodeHash(code))) ? 'right' : 'wrong';
  const secret = box.open(admin.totp_secret);
  if (secret === null) return 'unreadable';
  const step = await totpStepOf(secret, code, now(), admin.totp_last_step);
  return step !== null && (await store.admins.useTotpStep(admin.id, step)) ? 'right' : 'wrong';
};
