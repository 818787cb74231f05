import { API_KEYS_PER_EMPLOYER_MAX } from '@agentry/domain/api-keys';

// The store's part for employers' API keys (hashes only). Both adapters implement it; the
// contract (contract/api-keys.ts) holds them to it.

export { API_KEYS_PER_EMPLOYER_MAX };

/**
 * An employer's API key as the store keeps it: never the key itself, only its SHA-256
 * (`token_hash`, used to find it, never answered) and its first characters (`prefix`) to tell
 * keys apart.
 */
export interface ApiKey {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  created_at: string;
  /** When a request last used it (to the minute or so: see touch), null until then. */
  last_used_at: string | null;
}

export interface ApiKeyCreate {
  user_id: string;
  name: string;
  prefix: string;
  token_hash: string;
}

/** Every call but findByHash is scoped to the key's owner: another user's key answers as a missing one. */
export interface ApiKeyRepository {
  /**
   * Stores a key; throws ApiKeyLimitError when the user holds `max` keys already. SQLite counts and
   * inserts in one write transaction; MongoDB counts, then inserts (two at the same instant may both pass).
   */
  create(input: ApiKeyCreate, max: number): Promise<ApiKey>;
  /** The user's keys, newest first, at most API_KEYS_PER_EMPLOYER_MAX. */
  listForUser(userId: string): Promise<ApiKey[]>;
  /** The key whose SHA-256 this is, whoever holds it; null for an unknown or revoked key. */
  findByHash(tokenHash: string): Promise<ApiKey | null>;
  /** Deletes the key (a revoked key is gone); false when the user holds no key of this id. */
  revoke(id: string, userId: string): Promise<boolean>;
  /** Records when keys were last used, batched: each time is kept only if later than the stored one. */
  touch(entries: Array<{ id: string; at: string }>): Promise<void>;
}

export class ApiKeyLimitError extends Error {
  constructor(readonly max: number) {
    super(`at most ${max} API keys`);
    this.name = 'ApiKeyLimitError';
  }
}
