import type { ProviderPage } from '@agentry/domain/contract/providers';
import { hasProviderPage } from '@agentry/domain/provider-page';
import { presentAgents } from '../presenters/agent';
import type { Query } from './command';

export type { ProviderPage };

// A provider page exists while its provider is subscribed (the plan's benefit; the rule is
// domain/provider-page.ts, which the links to it follow too); without a subscription the address
// answers 404, as an unknown one does. Its agents come a page at a time (issue 25): one page read
// from the store (the owner's listing index in both adapters, so a page deep in thousands of agents
// reads its own rows only), their count, and the domains the provider proved, whatever the page.

/** The most verified domains a page names: a provider proves a handful. */
const VERIFIED_DOMAINS_MAX = 20;

export const findProviderPage: Query<
  'store',
  { slug: string; limit: number; offset: number },
  ProviderPage | null
> = async ({ store }, { slug, limit, offset }) => {
  const user = await store.users.findBySlug(slug);
  if (!user || !hasProviderPage(user)) return null;
  const [agents, total, verified] = await Promise.all([
    store.agents.list({ ownerId: user.id, limit, offset }),
    store.agents.count({ ownerId: user.id }),
    store.verifications.verifiedFor([user.id]),
  ]);
  return {
    name: user.organization,
    slug,
    website: user.website,
    agents: presentAgents(agents),
    total,
    verified_domains: [...new Set(verified.map((entry) => entry.domain))]
      .sort()
      .slice(0, VERIFIED_DOMAINS_MAX),
  };
};
