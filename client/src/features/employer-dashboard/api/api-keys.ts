import { apiRequest } from '../../../lib/api/api-client';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

// The employer's API keys (GET/POST /api/employer/api-keys, DELETE /api/employer/api-keys/:id):
// made with a name, shown once, listed by name and first characters, revoked for good.

export { API_KEY_NAME_MAX, API_KEYS_PER_EMPLOYER_MAX } from '@agentry/domain/api-keys';

export interface ApiKey {
  id: string;
  name: string;
  /** The key's first characters ("agk_3fQ9xZ1a"), to tell keys apart. */
  prefix: string;
  created_at: string;
  /** To the minute; null until the key is used. */
  last_used_at: string | null;
}

const KEYS = '/api/employer/api-keys';

/** GET → the employer's keys, newest first. */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return (await apiRequest<{ success: boolean; api_keys: ApiKey[] }>(KEYS, { signal })).api_keys;
}

/** POST → the key's record and the key itself, which the server never shows again. */
export async function createApiKey(name: string): Promise<{ apiKey: ApiKey; key: string }> {
  const answer = await sendWithCsrf<{ api_key: ApiKey; key: string }>(KEYS, {
    method: 'POST',
    body: { name },
  });
  return { apiKey: answer.api_key, key: answer.key };
}

/** DELETE → the key stops working at once. */
export async function revokeApiKey(id: string): Promise<void> {
  await sendWithCsrf<unknown>(`${KEYS}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
