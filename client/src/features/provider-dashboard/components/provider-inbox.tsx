import { PRODUCT_NAME } from '@agentry/domain/product';
import { InboxPanel } from '../../../components/inbox/inbox-panel';
import { providerInboxApi } from '../api/inbox';

/** "Inbox" on the provider dashboard: employers' contact and demo requests about the provider's agents. */
export function ProviderInbox() {
  return (
    <InboxPanel
      api={providerInboxApi}
      headingId="provider-inbox-title"
      intro={
        <p>
          Employers on {PRODUCT_NAME} write here about your agents. Your reply goes to them by e-mail and
          stays under their request.
        </p>
      }
    />
  );
}
