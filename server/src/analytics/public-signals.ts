import type { Agent } from '@agentry/domain/agent';
import { growth, lastSevenDays, SIGNALS, weekShare } from '@agentry/domain/public-signals';
import { WEEK_MS, weekStart } from '@agentry/domain/weeks';
import type { PublicSignalKind, Store } from '@agentry/platform/store/port';

// The public lists of issue 26, from the stored analytics counts (people once a day, never raw
// requests): "Most compared" over the last seven days, and "Trending": agents whose page more
// people opened this week than over the same part of last week. Listed agents only; an agent needs
// a minimum of people to appear (domain/public-signals.ts). Nothing here reads who the people were.

export interface PublicSignals {
  week: string;
  most_compared: Array<{ agent: Agent; people: number }>;
  trending: Array<{ agent: Agent; people: number; growth: number }>;
}

/** Candidates read per list and week: far more than a list shows, so the estimate has room to reorder. */
const CANDIDATES = 50;

async function weekPair(store: Pick<Store, 'agentStats'>, kind: PublicSignalKind, now: Date) {
  const week = weekStart(now);
  const previous = new Date(Date.parse(week) - WEEK_MS).toISOString().slice(0, 10);
  const candidates = [
    ...new Set([
      ...(await store.agentStats.top(week, kind, CANDIDATES)).map((row) => row.agent_id),
      ...(kind === 'compared'
        ? (await store.agentStats.top(previous, kind, CANDIDATES)).map((row) => row.agent_id)
        : []),
    ]),
  ];
  const counts = new Map(candidates.map((id) => [id, { current: 0, previous: 0 }]));
  for (const row of await store.agentStats.forAgents(candidates, previous)) {
    const entry = counts.get(row.agent_id)!;
    if (row.week === week) entry.current += row[kind];
    else if (row.week === previous) entry.previous += row[kind];
  }
  return { week, counts };
}

export async function publicSignals(
  store: Pick<Store, 'agentStats' | 'agents'>,
  now: Date,
): Promise<PublicSignals> {
  const share = weekShare(now);
  const compared = await weekPair(store, 'compared', now);
  const mostCompared = [...compared.counts]
    .map(([id, { current, previous }]) => ({ id, people: lastSevenDays(current, previous, share) }))
    .filter((row) => row.people >= SIGNALS.minCompared)
    .sort((a, b) => b.people - a.people || a.id.localeCompare(b.id));

  const viewed = await weekPair(store, 'opened', now);
  const trending = [...viewed.counts]
    .map(([id, { current, previous }]) => ({ id, people: current, growth: growth(current, previous, share) }))
    .filter((row) => row.people >= SIGNALS.minViews && row.growth >= SIGNALS.minGrowth)
    .sort((a, b) => b.growth - a.growth || b.people - a.people || a.id.localeCompare(b.id));

  // A few more than shown: a removed agent is skipped and the next one takes its place.
  const ids = [...mostCompared, ...trending].map((row) => row.id);
  const agents = new Map(
    (await store.agents.getMany([...new Set(ids)]))
      .filter((agent) => !agent.removed)
      .map((agent) => [agent.id, agent]),
  );
  const listed = <T extends { id: string }>(rows: T[]) =>
    rows.filter((row) => agents.has(row.id)).slice(0, SIGNALS.listLength);
  return {
    week: compared.week,
    most_compared: listed(mostCompared).map((row) => ({ agent: agents.get(row.id)!, people: row.people })),
    trending: listed(trending).map((row) => ({
      agent: agents.get(row.id)!,
      people: row.people,
      growth: Math.round(row.growth * 10) / 10,
    })),
  };
}
