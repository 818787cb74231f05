import type { SentContactRequest, SentRequestsPage } from '@agentry/domain/contract/employer';
import { type ApiPage, apiRequest, withQuery } from '../../../lib/api/api-client';

export const REQUESTS_PAGE_SIZE = 20;

/** GET /api/employer/requests?limit=&offset= → the requests this employer sent, newest first, and how many. */
export async function getEmployerRequests(
  offset: number,
  signal?: AbortSignal,
): Promise<ApiPage<SentContactRequest>> {
  const answer = await apiRequest<SentRequestsPage>(
    withQuery('/api/employer/requests', { limit: String(REQUESTS_PAGE_SIZE), offset: String(offset) }),
    { signal },
  );
  return { items: answer.requests, total: answer.total };
}
