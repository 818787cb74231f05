// The store's part for single-use links: e-mail confirmation, password reset, change of address,
// claiming agents (contract/tokens.ts).

/**
 * verify_email: the account's address (and the agents it registered itself); claim_agent: one
 * agent registered under an address by anyone else, for whoever holds that address's account.
 */
export type TokenPurpose = 'verify_email' | 'reset_password' | 'change_email' | 'claim_agent';
export const TOKEN_PURPOSES: readonly TokenPurpose[] = [
  'verify_email',
  'reset_password',
  'change_email',
  'claim_agent',
];

/** A single-use link's record. Only a hash of the secret in the link is stored. */
export interface OneTimeToken {
  token_hash: string;
  purpose: TokenPurpose;
  /** The account the link was sent for; '' for a claim link sent to an address with no account. */
  user_id: string;
  /** Purpose-specific data (the new address of a change_email token, the address of a claim_agent one). */
  data: string | null;
  /** The agents opening the link hands over (at most CLAIM_AGENTS_MAX); [] for most links. */
  agent_ids: string[];
  expires_at: string;
  created_at: string;
}

/** The most unexpired tokens listLive() answers. */
export const LIVE_TOKENS_MAX = 20;

export interface TokenRepository {
  issue(input: {
    token_hash: string;
    purpose: TokenPurpose;
    user_id: string;
    data?: string | null;
    agent_ids?: string[];
    expires_at: Date;
  }): Promise<void>;
  /**
   * Uses the token up: atomically deletes it and returns it, or null when it is unknown, of
   * another purpose, already used or expired (an expired token is deleted too).
   */
  consume(tokenHash: string, purpose: TokenPurpose, now?: Date): Promise<OneTimeToken | null>;
  /** Deletes the user's unused tokens of this purpose (a new reset link voids the older ones). */
  revoke(userId: string, purpose: TokenPurpose): Promise<number>;
  /** The user's unexpired tokens of this purpose, newest first, at most LIVE_TOKENS_MAX. */
  listLive(userId: string, purpose: TokenPurpose, now?: Date): Promise<OneTimeToken[]>;
  purgeExpired(now?: Date): Promise<number>;
}
