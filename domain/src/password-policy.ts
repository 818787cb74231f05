import { COMMON_PASSWORDS } from './common-passwords';
import { normalizeEmail } from './email';

// Password rules beyond the spec's minimum length (OWASP ASVS 5.0: refuse common passwords;
// no composition rules). Client and server use the same check.

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less predictable one.';

/** True for a password from the common-passwords list, a single repeated character, or the e-mail itself. */
export function isGuessablePassword(password: string, email?: string | null): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  if (/^(.)\1*$/.test(password)) return true;
  if (email) {
    const address = normalizeEmail(email);
    const localPart = address.split('@')[0] ?? '';
    if (lower === address || (localPart.length >= 8 && lower === localPart)) return true;
  }
  return false;
}
