import { createHash, randomBytes } from 'node:crypto';
import type { Store, TokenPurpose } from '@agentry/platform/store/port';

// Single-use links (e-mail verification, change of address, password reset). The link carries 32
// random bytes; the store keeps only their SHA-256, so a leaked database opens no account.

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 48 * 60 * 60 * 1000,
  change_email: 48 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A token is 43 base64url characters; anything else is not one of ours. */
export const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** Issues a token for the user and returns the secret to put in the link. */
export async function issueToken(
  store: Store,
  input: { purpose: TokenPurpose; userId: string; data?: string | null; now: number; replace?: boolean },
): Promise<string> {
  if (input.replace) await store.tokens.revoke(input.userId, input.purpose);
  const token = randomBytes(32).toString('base64url');
  await store.tokens.issue({
    token_hash: hashToken(token),
    purpose: input.purpose,
    user_id: input.userId,
    data: input.data ?? null,
    expires_at: new Date(input.now + TOKEN_LIFETIME_MS[input.purpose]),
  });
  return token;
}

/** Uses up a token of one of the purposes; null when it is unknown, used or expired. */
export async function consumeToken(store: Store, token: string, purposes: TokenPurpose[], now: number) {
  if (!isTokenShaped(token)) return null;
  const hash = hashToken(token);
  for (const purpose of purposes) {
    const found = await store.tokens.consume(hash, purpose, new Date(now));
    if (found) return found;
  }
  return null;
}
