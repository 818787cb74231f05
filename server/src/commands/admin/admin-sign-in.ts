import type { Admin, Store } from '@agentry/platform/store/port';
import { decoyHash, verifyPassword } from '../../auth/passwords';

export const INVALID_ADMIN_CREDENTIALS = 'Invalid credentials';

/**
 * The admin whose username and password these are, or null. An unknown username costs the same
 * hash as a known one, so the answer's timing does not tell which usernames exist.
 */
export async function verifyAdmin(
  store: Pick<Store, 'admins'>,
  username: string,
  password: string,
): Promise<Admin | null> {
  const admin = await store.admins.findByUsernameWithSecret(username);
  const matches = await verifyPassword(password, admin?.password_hash ?? (await decoyHash()));
  if (!admin || !matches) return null;
  const { password_hash: _secret, ...rest } = admin;
  return rest;
}
