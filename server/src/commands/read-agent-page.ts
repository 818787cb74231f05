import type { AgentPage } from '@agentry/domain/contract/agents';
import type { Store } from '@agentry/platform/store/port';
import { presentAgent } from '../presenters/agent';
import type { Query } from './command';
import type { ReplyBadges } from './employer/reply-times';
import { providerPageOf } from './provider-page-of';
import { readAgentProfile } from './save-agent-profile';

// The agent page's answer (GET /api/agents/{id}, and the first view the page's HTML carries since
// issue 25): the listed agent, its structured profile (issue 28), its provider's page and whether
// the provider usually replies within a day (issue 28). Null for an agent that is not listed.

export interface AgentPageAnswer {
  answer: AgentPage;
  /** When the answer last changed: the later of the agent's and its owner's change. */
  changedAt: string | undefined;
}

export const readAgentPage: Query<
  { store: Store; replyBadges: Pick<ReplyBadges, 'of'> },
  { id: string },
  AgentPageAnswer | null
> = async ({ store, replyBadges }, { id }) => {
  const agent = await store.agents.get(id);
  if (!agent || agent.removed) return null;
  const [profile, providerPage, repliesWithinDay] = await Promise.all([
    readAgentProfile({ store }, { agentId: agent.id }),
    providerPageOf({ store }, { ownerId: agent.owner_id }),
    replyBadges.of(agent.owner_id),
  ]);
  return {
    answer: {
      ...presentAgent(agent),
      profile,
      provider_page: providerPage.path,
      replies_within_day: repliesWithinDay,
    },
    // The provider's page comes and goes with the owner's subscription: the answer last changed
    // when either did.
    changedAt: [agent.updated_at, providerPage.owner?.updated_at ?? ''].sort().at(-1),
  };
};
