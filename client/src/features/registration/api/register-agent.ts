import type { RegisterAgentBody, RegistrationAnswer } from '@agentry/domain/contract/registration';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';
import type { RegistrationValues } from '../utils/registration-values';

export type { RegistrationAnswer, UnclaimedListing } from '@agentry/domain/contract/registration';

/**
 * POST /api/agents. 409 with requires_subscription when the free listing of the e-mail is used;
 * 409 without it when the agent is already listed (with `unclaimed_listing` when nobody owns it);
 * 429 past one registration without an e-mail a day; 400 with `errors` for a field the rules refuse.
 */
export function registerAgent(values: RegistrationValues): Promise<RegistrationAnswer> {
  return sendWithCsrf<RegistrationAnswer>('/api/agents', {
    method: 'POST',
    body: values satisfies RegisterAgentBody,
  });
}
