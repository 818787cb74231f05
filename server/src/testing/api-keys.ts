import type { Store } from '@agentry/platform/store/port';
import { createApiKey } from '../commands/employer/manage-api-keys';

// An employer with an API key, made straight in the store for tests that are about what a key
// opens (MCP tools, the employer endpoints), not about how a key is made (that goes through the
// API in routes/api/employer/api-keys.test.ts).

export async function employerWithApiKey(
  store: Store,
  options: { email?: string; active?: boolean } = {},
): Promise<{ userId: string; apiKey: string; keyId: string }> {
  const user = await store.users.create({
    email: options.email ?? 'assistant-owner@acme.example',
    full_name: 'Grace Hopper',
    organization: 'Acme Hiring',
    user_type: 'employer',
    password_hash: 'not used: this account never signs in',
    subscription_status: options.active === false ? 'inactive' : 'active',
  });
  const { key, token } = await createApiKey({ store }, { user, name: 'Test assistant' });
  return { userId: user.id, apiKey: token, keyId: key.id };
}
