import { PRODUCT_NAME } from '@agentry/domain/product';
import { useMemo } from 'react';
import type { InboxApi } from '../../../components/inbox/inbox-api';
import { InboxPanel } from '../../../components/inbox/inbox-panel';
import { getAdminInbox, replyFromAdminInbox, setAdminInboxStatus } from '../api/inbox';
import { useAdminSession } from '../hooks/use-admin-session';

/**
 * The admin inbox: employers' requests about agents no provider owns, and "this is my product"
 * reports from the makers of such listings. Each call goes through the admin session (its CSRF
 * token; a 401 brings the login form back).
 */
export function AdminInboxPanel() {
  const { run } = useAdminSession();
  const api = useMemo<InboxApi>(
    () => ({
      list: (status, offset, signal) => run(() => getAdminInbox(status, offset, signal)),
      setStatus: (id, status) => run((token) => setAdminInboxStatus(token, id, status)),
      reply: (id, message) => run((token) => replyFromAdminInbox(token, id, message)),
    }),
    [run],
  );
  return (
    <InboxPanel
      api={api}
      title="Inbox"
      headingId="admin-inbox-title"
      intro={
        <p>
          Contact and demo requests about agents that no provider has claimed, and reports from people who say
          they make a listed product. Replies are e-mailed, signed by the {PRODUCT_NAME} team.
        </p>
      }
    />
  );
}
