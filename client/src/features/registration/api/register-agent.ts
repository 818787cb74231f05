import type { PublicAgent } from '@agentry/domain/agent';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';
import type { RegistrationValues } from '../utils/registration-values';

export interface RegistrationAnswer {
  success: boolean;
  /** The e-mail belongs to an account: the person signs in to manage the agent. */
  is_existing_subscriber: boolean;
  message: string;
  agent: PublicAgent;
  /** The agent is already the signed-in account's. */
  owned: boolean;
}

/**
 * POST /api/agents. 409 with requires_subscription when the free listing of the e-mail is used;
 * 409 without it when the agent is already listed; 400 with `errors` for a field the rules refuse.
 */
export function registerAgent(values: RegistrationValues): Promise<RegistrationAnswer> {
  return sendWithCsrf<RegistrationAnswer>('/api/agents', { method: 'POST', body: values });
}
