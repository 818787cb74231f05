import type { ApiKey, ApiKeyCreated, ApiKeysAnswer } from '@agentry/domain/contract/employer';
import type { Success } from '@agentry/domain/contract/shapes';
import { apiRequest } from '../../../lib/api/api-client';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

// The employer's API keys (GET/POST /api/employer/api-keys, DELETE /api/employer/api-keys/:id):
// made with a name, shown once, listed by name and first characters, revoked for good.

export { API_KEY_NAME_MAX, API_KEYS_PER_EMPLOYER_MAX } from '@agentry/domain/api-keys';

export type { ApiKey };

const KEYS = '/api/employer/api-keys';

/** GET → the employer's keys, newest first. */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return (await apiRequest<ApiKeysAnswer>(KEYS, { signal })).api_keys;
}

/** POST → the key's record and the key itself, which the server never shows again. */
export async function createApiKey(name: string): Promise<{ apiKey: ApiKey; key: string }> {
  const answer = await sendWithCsrf<ApiKeyCreated>(KEYS, {
    method: 'POST',
    body: { name },
  });
  return { apiKey: answer.api_key, key: answer.key };
}

/** DELETE → the key stops working at once. */
export async function revokeApiKey(id: string): Promise<void> {
  await sendWithCsrf<Success>(`${KEYS}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
