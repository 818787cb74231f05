import { describeAdminAreaContract } from './contract/admin';
import { describeAgentTrustContract } from './contract/agent-trust';
import { describeAgentsContract } from './contract/agents';
import { describeAnalyticsContract } from './contract/analytics';
import { describeApiKeysContract } from './contract/api-keys';
import { describeBillingContract } from './contract/billing';
import { describeChangeLogContract } from './contract/change-log';
import { describeContactRequestsContract } from './contract/contact-requests';
import { describeCountOnceContract } from './contract/count-once';
import { agentInput } from './contract/fixtures';
import { describeGroupsVersionContract } from './contract/groups-version';
import { describeKeyValueContract } from './contract/key-value';
import { describeLeasesContract } from './contract/leases';
import { describeLinkChecksContract } from './contract/link-checks';
import { describeListingClaimsContract } from './contract/listing-claims';
import { describeLogosContract } from './contract/logos';
import { describeOwnershipContract } from './contract/ownership';
import { describeProfilesContract } from './contract/profiles';
import { describeProviderPagesContract } from './contract/provider-pages';
import { describeProvidersContract } from './contract/providers';
import { describeRequestOutcomesContract } from './contract/request-outcomes';
import { describeReviewsContract } from './contract/reviews';
import { describeSavedSearchesContract } from './contract/saved-searches';
import { describeSessionsContract } from './contract/sessions';
import { describeShortlistsContract } from './contract/shortlists';
import { describeTeamContract } from './contract/teams';
import { describeTokensContract } from './contract/tokens';
import { describeToolUsageContract } from './contract/tool-usage';
import { describeUsersContract } from './contract/users';
import { describeVerificationsContract } from './contract/verifications';
import type { Store } from './port';

// The one behaviour every store adapter must have, one file per resource under contract/. Each
// adapter's test file calls this with a function that opens a fresh, empty store.

export { agentInput };

export function describeStoreContract(name: string, openStore: () => Promise<Store>): void {
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await openStore();
    });
    afterEach(async () => {
      // When opening failed (server unreachable) there is nothing to close; the test already failed.
      await store?.close();
    });
    const current = () => store;

    describeAgentsContract(current);
    describeChangeLogContract(current);
    describeUsersContract(current);
    describeSessionsContract(current);
    describeTokensContract(current);
    describeBillingContract(current);
    describeKeyValueContract(current);
    describeAdminAreaContract(current);
    describeShortlistsContract(current);
    describeContactRequestsContract(current);
    describeAnalyticsContract(current);
    describeCountOnceContract(current);
    describeGroupsVersionContract(current);
    describeToolUsageContract(current);
    describeApiKeysContract(current);
    describeOwnershipContract(current);
    // Trust (issue 26): domains, the trust agent reads carry, link checks, reviews, claims, leases.
    describeVerificationsContract(current);
    describeAgentTrustContract(current);
    describeLinkChecksContract(current);
    describeReviewsContract(current);
    describeListingClaimsContract(current);
    describeLeasesContract(current);
    describeProfilesContract(current);
    describeLogosContract(current);
    describeTeamContract(current);
    describeSavedSearchesContract(current);
    describeRequestOutcomesContract(current);
    describeProvidersContract(current);
    describeProviderPagesContract(current);

    it('answers a ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
