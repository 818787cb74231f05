import type { PublicAgent } from '@agentry/domain/agent';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';
import type { RegistrationValues } from '../utils/registration-values';

export interface RegistrationAnswer {
  success: boolean;
  /** The e-mail is the signed-in account's own (said to nobody else, whatever the address has). */
  is_existing_subscriber: boolean;
  message: string;
  agent: PublicAgent;
  /** The agent is already the signed-in account's. */
  owned: boolean;
  /** Public now; false while it waits for its address's link or for staff review. */
  listed: boolean;
}

/** In a 409 for a name already registered that nobody owns: how its maker can claim it. */
export interface UnclaimedListing {
  agent_id: string;
  ways: string[];
}

/**
 * POST /api/agents. 409 with requires_subscription when the free listing of the e-mail is used;
 * 409 without it when the agent is already listed (with `unclaimed_listing` when nobody owns it);
 * 429 past one registration without an e-mail a day; 400 with `errors` for a field the rules refuse.
 */
export function registerAgent(values: RegistrationValues): Promise<RegistrationAnswer> {
  return sendWithCsrf<RegistrationAnswer>('/api/agents', { method: 'POST', body: values });
}
