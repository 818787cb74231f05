import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS } from '@agentry/domain/api-keys';

// Employer API keys: "agk_" and 32 random bytes (43 base64url characters). The key is shown once,
// when it is made; the store keeps its SHA-256 and its first characters only.
//
// SHA-256 and not a slow password hash (scrypt, Argon2): a slow hash guards passwords, which people
// choose and which can be guessed from a leaked hash. A key has 256 random bits: nobody can guess
// one from its hash, slow or fast. A fast, unsalted hash also lets the store find a key by its
// hash in one indexed read, where a salted slow hash would need an id in the key and a hash per
// request, about 16-400 ms of a core each: the very cost a flood of bad keys would turn against
// the server (issue 21, finding 6).

export interface NewApiKey {
  /** The whole key: given to the employer once, never stored. */
  token: string;
  tokenHash: string;
  /** Its first characters, kept to tell keys apart ("agk_3fQ9xZ…"). */
  prefix: string;
}

export const hashApiKey = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** "agk_" then 43 base64url characters; anything else is no key of ours. */
export const isApiKeyShaped = (token: string) =>
  token.startsWith(API_KEY_PREFIX) && /^[A-Za-z0-9_-]{43}$/.test(token.slice(API_KEY_PREFIX.length));

export function newApiKey(): NewApiKey {
  const token = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashApiKey(token), prefix: token.slice(0, API_KEY_SHOWN_CHARS) };
}

/**
 * The token of an `Authorization: Bearer <token>` header; null without the header; '' when the
 * header is there but not a bearer token (a caller who meant to send a key, and gets told how).
 */
export function bearerTokenOf(header: string | undefined): string | null {
  if (header === undefined || header === '') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : '';
}
