import { createHash, randomBytes } from 'node:crypto';
import type { Store, TokenPurpose } from '@agentry/platform/store/port';

// Single-use links (e-mail verification, change of address, password reset, an agent's claim).
// The link carries 32 random bytes; the store keeps only their SHA-256, so a leaked database opens
// no account. A link records the agents opening it hands over (none for most): ownership passes by
// the link that was sent for it, never by the address alone (docs/accounts.md).

const HOUR_MS = 60 * 60 * 1000;

/** How long an agent registered under an address waits, held, for a link sent to it to be opened. */
export const CLAIM_HOLD_DAYS = 7;
export const CLAIM_HOLD_MS = CLAIM_HOLD_DAYS * 24 * HOUR_MS;

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 48 * HOUR_MS,
  change_email: 48 * HOUR_MS,
  reset_password: HOUR_MS,
  // As long as the agent it names is held: after that the agent is gone.
  claim_agent: CLAIM_HOLD_MS,
};

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A token is 43 base64url characters; anything else is not one of ours. */
export const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** Issues a token for the user and returns the secret to put in the link. */
export async function issueToken(
  store: Store,
  input: {
    purpose: TokenPurpose;
    userId: string;
    data?: string | null;
    /** The agents opening the link hands over. */
    agentIds?: string[];
    now: number;
    replace?: boolean;
  },
): Promise<string> {
  if (input.replace) await store.tokens.revoke(input.userId, input.purpose);
  const token = randomBytes(32).toString('base64url');
  await store.tokens.issue({
    token_hash: hashToken(token),
    purpose: input.purpose,
    user_id: input.userId,
    data: input.data ?? null,
    agent_ids: input.agentIds ?? [],
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
