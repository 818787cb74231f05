import type { OwnershipReportInput } from '@agentry/domain/ownership-report';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

/** POST /api/agents/:id/ownership-reports: "this is my product", to the admin inbox. */
export function reportListing(agentId: string, report: OwnershipReportInput): Promise<{ message: string }> {
  return sendWithCsrf<{ message: string }>(`/api/agents/${encodeURIComponent(agentId)}/ownership-reports`, {
    method: 'POST',
    body: report,
  });
}
