import { providerPagePath } from '@agentry/domain/provider-page';
import {
  AGENT_LIST_MAX,
  type AgentRepository,
  type UserChange,
  type UserPatch,
  type UserRepository,
} from '../port';

// Every agent the store answers carries its owner's provider page (with-agent-trust.ts), and so
// does its search document. The page comes and goes with the owner's account, not with the agent:
// a plan that starts or ends, a changed page address. So whenever an account's update moves its
// page (domain/provider-page.ts decides), each of its listed agents gets a change-log entry
// (agents.touch), and the indexer re-reads them into the index as it does any agent change, a
// batch at a time. Here once for both adapters, whoever writes the account: a payment webhook,
// the test checkout, staff, a script.

/** The account fields a provider page depends on: an update that sets none of them moves no page. */
const PAGE_FIELDS = ['user_type', 'subscription_status', 'slug'] as const;

/**
 * Touches every listed agent of this owner, AGENT_LIST_MAX at a time (one page read and one
 * touch, itself one transaction, per batch), so a provider with thousands of agents costs a few
 * bounded writes rather than one long one. Answers how many were touched.
 */
export async function touchOwnedAgents(
  agents: Pick<AgentRepository, 'list' | 'touch'>,
  ownerId: string,
): Promise<number> {
  let touched = 0;
  for (let offset = 0; ; offset += AGENT_LIST_MAX) {
    // The list's order (category, role, name, id) is not moved by a touch: no agent is skipped.
    const page = await agents.list({ ownerId, limit: AGENT_LIST_MAX, offset });
    if (page.length > 0) touched += await agents.touch(page.map((agent) => agent.id));
    if (page.length < AGENT_LIST_MAX) return touched;
  }
}

/**
 * The users repository, an update that moves a provider page touching the provider's agents.
 *
 * The comparison is between what the write replaced and what it left, both read in the write's own
 * atomic step (updateReturningPrevious). Reading the account first and comparing after the write,
 * as this did before, raced: with two updates of one account at once (two webhook events), the
 * second could read the state the first was about to overwrite, see no change of its own and skip
 * the touch, leaving the index with the first update's page until `npm run reindex`. Now every
 * write that moves the page touches after it, so the last touch follows the last move, and the
 * indexer, which re-reads each touched agent, ends on the store's current page.
 */
export function withProviderPageChanges(
  users: UserRepository,
  agents: Pick<AgentRepository, 'list' | 'touch'>,
): UserRepository {
  const changeAndTouch = async (id: string, patch: UserPatch): Promise<UserChange | null> => {
    const change = await users.updateReturningPrevious(id, patch);
    if (change && providerPagePath(change.before) !== providerPagePath(change.after))
      await touchOwnedAgents(agents, id);
    return change;
  };
  return {
    ...users,
    async update(id, patch) {
      if (!PAGE_FIELDS.some((field) => patch[field] !== undefined)) return users.update(id, patch);
      return (await changeAndTouch(id, patch))?.after ?? null;
    },
    updateReturningPrevious: changeAndTouch,
  };
}
