import type { AdminAgentAnswer, AdminAgentsPage } from '@agentry/domain/contract/admin';
import { type ApiPage, apiRequest, withQuery } from '../../../lib/api/api-client';
import { adminSend } from './admin-send';
import type { AdminAgent } from './get-admin-agents';

// The review queue: agents registered without an e-mail address wait here, not listed, until
// staff approve (listed, owned by nobody) or reject (deleted) them (docs/accounts.md, ownership).

export const REVIEW_PAGE_SIZE = 20;

/** GET /api/admin/review-queue?limit=&offset= → one page and the total. */
export async function getReviewQueue(offset: number, signal?: AbortSignal): Promise<ApiPage<AdminAgent>> {
  const path = withQuery('/api/admin/review-queue', {
    limit: String(REVIEW_PAGE_SIZE),
    offset: String(offset),
  });
  const answer = await apiRequest<AdminAgentsPage>(path, { signal });
  return { items: answer.agents, total: answer.total };
}

export type ReviewDecision = 'approve' | 'reject';

/** POST /api/admin/review-queue/:id/approve or /reject → the agent as it is (or was). */
export async function decideHeldAgent(
  csrfToken: string,
  id: string,
  decision: ReviewDecision,
): Promise<AdminAgent> {
  const answer = await adminSend<AdminAgentAnswer>(
    csrfToken,
    `/api/admin/review-queue/${encodeURIComponent(id)}/${decision}`,
    { method: 'POST' },
  );
  return answer.agent;
}
