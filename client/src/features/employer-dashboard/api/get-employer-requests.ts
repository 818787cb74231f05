import { type ApiPage, apiRequest, withQuery } from '../../../lib/api/api-client';
import type { ContactRequest } from '../../../lib/api/contact-requests';

export const REQUESTS_PAGE_SIZE = 20;

/** GET /api/employer/requests?limit=&offset= → the requests this employer sent, newest first, and how many. */
export async function getEmployerRequests(
  offset: number,
  signal?: AbortSignal,
): Promise<ApiPage<ContactRequest>> {
  const answer = await apiRequest<{ success: boolean; requests: ContactRequest[]; total: number }>(
    withQuery('/api/employer/requests', { limit: String(REQUESTS_PAGE_SIZE), offset: String(offset) }),
    { signal },
  );
  return { items: answer.requests, total: answer.total };
}
