import type { ContactStatus, InboxContactRequest, InboxPage } from '../../lib/api/contact-requests';

/**
 * What an inbox reads and changes. The provider's inbox and the admin inbox show requests alike
 * but call different endpoints with different CSRF tokens, so each hands its own calls in.
 */
export interface InboxApi {
  /** One page of requests with `status` (every status when null), newest first. */
  list: (status: ContactStatus | null, offset: number, signal: AbortSignal) => Promise<InboxPage>;
  setStatus: (id: string, status: ContactStatus) => Promise<InboxContactRequest>;
  reply: (id: string, message: string) => Promise<InboxContactRequest>;
}

/** "Nov 23, 2026, 4:21 PM": when a request or reply was sent. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
