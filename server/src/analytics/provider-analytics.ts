import { AGENT_EVENT_KINDS, type AgentEventCounts } from '@agentry/domain/agent-events';
import type {
  AgentAnalytics,
  ProviderAnalytics as ProviderAnalyticsAnswer,
} from '@agentry/domain/contract/analytics';
import { lastWeeks } from '@agentry/domain/weeks';
import { type AgentWeekCounts, STATS_AGENTS_MAX, type Store } from '@agentry/platform/store/port';
import type { AgentEventCounter } from './agent-event-counter';

// A provider's analytics: their own agents (at most STATS_AGENTS_MAX), each with totals and one
// entry per week, weeks without counts filled with zeros. Counts this process has not written yet
// are added from its counter; other API workers' unwritten counts arrive with their next flush
// (within FLUSH_EVERY_MS).

export type ProviderAnalytics = Omit<ProviderAnalyticsAnswer, 'success'>;

const zero = (): AgentEventCounts => ({ appeared: 0, opened: 0, clicked: 0, compared: 0, contacted: 0 });

function addCounts(into: AgentEventCounts, from: AgentEventCounts): void {
  for (const kind of AGENT_EVENT_KINDS) into[kind] += from[kind];
}

export async function providerAnalytics(props: {
  store: Pick<Store, 'agents' | 'agentStats'>;
  analytics: AgentEventCounter | undefined;
  ownerId: string;
  weeks: number;
  now: Date;
}): Promise<ProviderAnalytics> {
  const { store, analytics, ownerId, now } = props;
  const weeks = lastWeeks(now, props.weeks);
  const agents = await store.agents.list({ ownerId, limit: STATS_AGENTS_MAX });
  const ids = agents.map((agent) => agent.id);
  const since = weeks[0]!;
  const stored = await store.agentStats.forAgents(ids, since);
  const rows: AgentWeekCounts[] = [...stored, ...(analytics?.pendingFor(ids, since) ?? [])];

  const byAgent = new Map(ids.map((id) => [id, new Map(weeks.map((week) => [week, zero()]))]));
  for (const row of rows) {
    const week = byAgent.get(row.agent_id)?.get(row.week);
    if (week) addCounts(week, row);
  }
  return {
    weeks,
    agents: agents.map((agent): AgentAnalytics => {
      const perWeek = byAgent.get(agent.id)!;
      const totals = zero();
      const weekly = weeks.map((week) => {
        const counts = perWeek.get(week)!;
        addCounts(totals, counts);
        return { week, ...counts };
      });
      return { id: agent.id, name: agent.name, totals, weekly };
    }),
  };
}
