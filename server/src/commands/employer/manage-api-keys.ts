import { API_KEY_NAME_MAX, API_KEYS_PER_EMPLOYER_MAX } from '@agentry/domain/api-keys';
import { type ApiKey, ApiKeyLimitError, type User } from '@agentry/platform/store/port';
import { newApiKey } from '../../auth/api-key-tokens';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Action, Query } from '../command';
import { cleanLine } from './plain-text';

// An employer's API keys (docs/employer-tools.md, "API keys"): made with a name, shown once,
// revoked for good. Every call acts on the signed-in employer's own keys; another's is a 404.

export const API_KEY_MESSAGES = {
  nameRequired: 'Please give the key a name, such as the assistant or program that will use it',
  nameTooLong: `A key name has at most ${API_KEY_NAME_MAX} characters`,
  tooMany: `You can hold at most ${API_KEYS_PER_EMPLOYER_MAX} API keys. Revoke one you no longer use to make room.`,
  notFound: 'API key not found',
} as const;

/** Makes a key: the record, and the key itself, which nobody can see again after this answer. */
export const createApiKey: Action<
  'store',
  { user: User; name: string },
  { key: ApiKey; token: string }
> = async ({ store }, { user, name: rawName }) => {
  const name = cleanLine(rawName);
  if (!name) throw badRequest(API_KEY_MESSAGES.nameRequired);
  if (name.length > API_KEY_NAME_MAX) throw badRequest(API_KEY_MESSAGES.nameTooLong);
  const { token, tokenHash, prefix } = newApiKey();
  try {
    const key = await store.apiKeys.create(
      { user_id: user.id, name, prefix, token_hash: tokenHash },
      API_KEYS_PER_EMPLOYER_MAX,
    );
    return { key, token };
  } catch (error) {
    if (error instanceof ApiKeyLimitError) throw conflict(API_KEY_MESSAGES.tooMany);
    throw error;
  }
};

/** The employer's keys, live and revoked (the token hash never leaves the store's record). */
export const listApiKeys: Query<'store', { user: User }, ApiKey[]> = ({ store }, { user }) =>
  store.apiKeys.listForUser(user.id);

export const revokeApiKey: Action<'store', { user: User; id: string }> = async ({ store }, { user, id }) => {
  if (!(await store.apiKeys.revoke(id, user.id))) throw notFound(API_KEY_MESSAGES.notFound);
};
