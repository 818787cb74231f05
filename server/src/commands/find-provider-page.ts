import { isActiveSubscription } from '@agentry/domain/subscription';
import type { Store } from '@agentry/platform/store/port';
import { presentAgents } from '../presenters/agent';

// A provider page exists while its provider is subscribed (the plan's benefit); without a
// subscription the address answers 404, as an unknown one does.

export async function findProviderPage(store: Store, slug: string) {
  const user = await store.users.findBySlug(slug);
  const listed = user?.user_type === 'agent_provider' && isActiveSubscription(user.subscription_status);
  if (!user || !listed) return null;
  const agents = await store.agents.list({ ownerId: user.id });
  return {
    name: user.organization,
    slug,
    website: user.website,
    agents: presentAgents(agents),
  };
}
