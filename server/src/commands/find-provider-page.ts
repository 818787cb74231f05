import { hasProviderPage } from '@agentry/domain/provider-page';
import { presentAgents } from '../presenters/agent';
import type { Query } from './command';

/** A provider's public page: its organisation and its listed agents. */
export interface ProviderPage {
  name: string;
  slug: string;
  website: string | null;
  agents: ReturnType<typeof presentAgents>;
}

// A provider page exists while its provider is subscribed (the plan's benefit; the rule is
// domain/provider-page.ts, which the links to it follow too); without a subscription the address
// answers 404, as an unknown one does.

export const findProviderPage: Query<'store', { slug: string }, ProviderPage | null> = async (
  { store },
  { slug },
) => {
  const user = await store.users.findBySlug(slug);
  if (!user || !hasProviderPage(user)) return null;
  const agents = await store.agents.list({ ownerId: user.id });
  return {
    name: user.organization,
    slug,
    website: user.website,
    agents: presentAgents(agents),
  };
};
