import {
  CONTACT_STATUSES,
  type ContactInbox,
  type ContactRequest,
  type ContactStatus,
  type Store,
} from '@agentry/platform/store/port';
import type { Query } from '../command';

// One page of an inbox (a provider's, the admin one, or what an employer sent), newest first,
// with how many match the status asked and how many sit in each status.

export interface InboxPage {
  requests: ContactRequest[];
  total: number;
  counts: Record<ContactStatus, number>;
}

export const listContactRequests: Query<
  { store: Pick<Store, 'contacts'> },
  { inbox: ContactInbox; status?: ContactStatus; limit: number; offset: number },
  InboxPage
> = async ({ store }, { inbox, ...options }) => {
  const [requests, perStatus] = await Promise.all([
    store.contacts.list(inbox, options),
    Promise.all(CONTACT_STATUSES.map((status) => store.contacts.count(inbox, { status }))),
  ]);
  const counts = Object.fromEntries(CONTACT_STATUSES.map((status, i) => [status, perStatus[i]!])) as Record<
    ContactStatus,
    number
  >;
  const total = options.status ? counts[options.status] : perStatus.reduce((sum, n) => sum + n, 0);
  return { requests, total, counts };
};
