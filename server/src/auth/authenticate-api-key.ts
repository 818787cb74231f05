import { PRODUCT_KEY } from '@agentry/domain/product';
import type { ApiKey, Store, User } from '@agentry/platform/store/port';
import { unauthorized } from '../http/errors';
import { type EmployerScope, employerScopeOf } from '../policies/employer-scope';
import type { ApiKeyLastUse } from './api-key-last-use';
import { hashApiKey, isApiKeyShaped } from './api-key-tokens';

// Who an `Authorization: Bearer <key>` header speaks for: one indexed read of the key by its hash,
// one of its account, and its team's (policies/employer-scope.ts). Whether that account may use the employer tools is the employer policy's
// question (policies/employer.ts), asked by each route as for a session.

export const API_KEY_FORMAT_MESSAGE =
  'Send the employer API key as "Authorization: Bearer <key>"; the key starts with agk_.';
export const API_KEY_INVALID_MESSAGE =
  'This API key is not valid: it was revoked, or it is not a key of this site. Create a new key in the employer dashboard.';
/** What a refused key's answer says in its WWW-Authenticate header (RFC 6750). */
export const INVALID_TOKEN_CHALLENGE = `Bearer realm="${PRODUCT_KEY}", error="invalid_token"`;

export interface KeyHolder {
  key: ApiKey;
  user: User;
  /** Whose plan the key rides on: a team member's key works while the subscriber's plan does (issue 28). */
  scope: EmployerScope;
}

export async function authenticateApiKey(
  deps: { store: Pick<Store, 'apiKeys' | 'users' | 'teams'>; lastUse: ApiKeyLastUse; now: () => number },
  token: string,
): Promise<KeyHolder> {
  if (token === '') throw unauthorized(API_KEY_FORMAT_MESSAGE);
  // Not shaped like a key: refused without a read (the same answer as an unknown key).
  const key = isApiKeyShaped(token) ? await deps.store.apiKeys.findByHash(hashApiKey(token)) : null;
  const user = key ? await deps.store.users.findById(key.user_id) : null;
  if (!key || !user) throw unauthorized(API_KEY_INVALID_MESSAGE);
  deps.lastUse.note(key, deps.now());
  return { key, user, scope: await employerScopeOf(deps.store, user) };
}
