import type { OwnAgentAnswer, OwnAgentBody } from '@agentry/domain/contract/accounts';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';
import type { OwnAgent, OwnAgentFields } from './get-own-agents';

/** PUT /api/users/agents/{id}: needs an active subscription (409 requires_subscription otherwise). */
export async function updateOwnAgent(id: string, fields: OwnAgentFields): Promise<OwnAgent> {
  const answer = await sendWithCsrf<OwnAgentAnswer>(`/api/users/agents/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: fields satisfies OwnAgentBody,
  });
  return answer.agent;
}
