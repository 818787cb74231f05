import type { OwnershipReportBody } from '@agentry/domain/contract/registration';
import type { MessageAnswer } from '@agentry/domain/contract/shapes';
import type { OwnershipReportInput } from '@agentry/domain/ownership-report';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

/** POST /api/agents/:id/ownership-reports: "this is my product", to the admin inbox. */
export function reportListing(agentId: string, report: OwnershipReportInput): Promise<MessageAnswer> {
  return sendWithCsrf<MessageAnswer>(`/api/agents/${encodeURIComponent(agentId)}/ownership-reports`, {
    method: 'POST',
    body: report satisfies OwnershipReportBody,
  });
}
