import type { Logger } from '@agentry/platform/log/logger';
import type { Admin, Store } from '@agentry/platform/store/port';
import { checkPassword, decoyHash, replaceOutdatedHash } from '../../auth/passwords';

export const INVALID_ADMIN_CREDENTIALS = 'Invalid credentials';

/**
 * The admin whose username and password these are, or null. An unknown username costs the same
 * hash as a known one, so the answer's timing does not tell which usernames exist. A password that
 * matched an outdated hash is hashed anew (auth/passwords.ts).
 */
export async function verifyAdmin(
  store: Pick<Store, 'admins'>,
  username: string,
  password: string,
  logger?: Logger,
): Promise<Admin | null> {
  const admin = await store.admins.findByUsernameWithSecret(username);
  const { matches, outdated } = await checkPassword(password, admin?.password_hash ?? (await decoyHash()));
  if (!admin || !matches) return null;
  if (outdated)
    await replaceOutdatedHash(password, (hash) => store.admins.setPasswordHash(admin.id, hash), logger);
  const { password_hash: _secret, ...rest } = admin;
  return rest;
}
