import type {
  Subscriber,
  SubscriberAnswer,
  SubscribersPage,
  SubscriptionStatusBody,
} from '@agentry/domain/contract/admin';
import { type ApiPage, apiRequest, withQuery } from '../../../lib/api/api-client';
import { adminSend } from './admin-send';

export type { Subscriber };

export const SUBSCRIBERS_PAGE_SIZE = 50;

/** GET /api/admin/subscribers?limit=&offset= → one page and the total. */
export async function getSubscribers(offset: number, signal?: AbortSignal): Promise<ApiPage<Subscriber>> {
  const path = withQuery('/api/admin/subscribers', {
    limit: String(SUBSCRIBERS_PAGE_SIZE),
    offset: String(offset),
  });
  const answer = await apiRequest<SubscribersPage>(path, { signal });
  return { items: answer.subscribers, total: answer.total };
}

export type SubscriptionStatus = SubscriptionStatusBody['subscription_status'];

/** PUT /api/admin/subscribers/{id}/subscription-status → the subscriber as saved. */
export async function updateSubscriptionStatus(
  csrfToken: string,
  id: string,
  status: SubscriptionStatus,
): Promise<Subscriber> {
  const answer = await adminSend<SubscriberAnswer>(
    csrfToken,
    `/api/admin/subscribers/${encodeURIComponent(id)}/subscription-status`,
    { method: 'PUT', body: { subscription_status: status } },
  );
  return answer.subscriber;
}
