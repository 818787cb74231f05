import type { ChunkSizer } from '@agentry/platform/concurrency/chunk-sizer';
import {
  nextTurn,
  type SliceOptions,
  SORT_STEP,
  sortInSlices,
} from '@agentry/platform/concurrency/sort-in-slices';
import type { AgentEventKind, AgentStatsRepository, OnceGroup } from '@agentry/platform/store/port';
import { DAY_MS, type OnceKeys } from './once-keys';
import type { OncePerAudience } from './once-per-audience';

// The flush's parts of agent-event-counter.ts: what a flush sends the store, in the order and the
// shape the store takes it (plain counts in agent order, marks grouped per audience, day and kind),
// and the timing of each write that sizes the next chunk. The counter keeps what waits and decides
// what a failure puts back.

/** Counts of one week and kind. */
export interface Bucket {
  week: string;
  kind: AgentEventKind;
  /** Count per agent id, in the order the agents were first counted. */
  counts: Map<string, number>;
}

/** A count that passed this process's filter and waits for the store's word (admitOnce). */
export interface Mark {
  /** The audience's keyed digest for the day (once-keys.ts): shared by the marks of one request. */
  audienceDay: Buffer;
  /** The UTC day (days since the epoch) it was counted on. */
  day: number;
  kind: AgentEventKind;
  agentId: string;
  week: string;
}

export type CountEntries = Parameters<AgentStatsRepository['increment']>[0];

/** The store's order of its counts: agent, then week (SQLite's key compares the same as JavaScript for these ids). */
export function storeOrder(a: CountEntries[number], b: CountEntries[number]): number {
  if (a.agent_id !== b.agent_id) return a.agent_id < b.agent_id ? -1 : 1;
  return a.week < b.week ? -1 : a.week > b.week ? 1 : 0;
}

/**
 * The plain counts of `batch` as the store's entries, in the store's order, made and sorted in
 * slices (`slices`: sort-in-slices.ts' defaults otherwise). In that order a chunk writes
 * neighbouring rows, so a flush writes each page once, not once per chunk (a flush's marks reach
 * ~10,000 agents of 100,000 in random order). In one call, 10,000 of them held a worker's loop
 * 13–46 ms at load 12 (58 ms in issue 24's quiet trace), more than the writes' whole budget; after a
 * store outage up to MAX_PENDING_KEYS wait.
 */
export async function entriesInStoreOrder(
  batch: Map<string, Bucket>,
  slices: SliceOptions = {},
): Promise<CountEntries> {
  const step = slices.step ?? SORT_STEP;
  const pause = slices.pause ?? nextTurn;
  const entries: CountEntries = [];
  let made = 0;
  for (const { week, kind, counts } of batch.values()) {
    for (const [agent_id, count] of counts) {
      entries.push({ agent_id, week, kind, count });
      if (++made % step === 0) await pause();
    }
  }
  return sortInSlices(entries, storeOrder, { step, pause });
}

/**
 * Calls `write` and records how long its synchronous part held the thread (a SQLite write is all
 * synchronous) for `sizer`; resolves as `write` does.
 */
export function timedWrite<T>(
  clock: () => number,
  sizer: ChunkSizer,
  items: number,
  write: () => Promise<T>,
): Promise<T> {
  const started = clock();
  // Runs `write` up to its first wait; a synchronous throw becomes a rejection.
  const pending = (async () => write())();
  sizer.record(items, clock() - started);
  return pending;
}

/** A flush's tally names: one per request's audience digest and kind, not one per mark (a search's marks share both). */
export function tallyNames(onceKeys: OnceKeys): (audienceDay: Buffer, kind: AgentEventKind) => string {
  const tallies = new WeakMap<Buffer, Map<AgentEventKind, string>>();
  return (audienceDay: Buffer, kind: AgentEventKind) => {
    let byKind = tallies.get(audienceDay);
    if (!byKind) {
      byKind = new Map();
      tallies.set(audienceDay, byKind);
    }
    let tally = byKind.get(kind);
    if (tally === undefined) {
      tally = onceKeys.tally(audienceDay, kind);
      byKind.set(kind, tally);
    }
    return tally;
  };
}

/** `marks` as the store takes them: one group per run of one audience's day and kind. */
export function onceGroups(
  marks: readonly Mark[],
  tallyOf: (audienceDay: Buffer, kind: AgentEventKind) => string,
  onceKeys: OnceKeys,
  audiences: Pick<OncePerAudience, 'capOf'>,
): OnceGroup[] {
  const groups: OnceGroup[] = [];
  let group: OnceGroup | undefined;
  let audienceDay: Buffer | undefined;
  for (const mark of marks) {
    if (!group || mark.audienceDay !== audienceDay || mark.kind !== group.kind || mark.week !== group.week) {
      audienceDay = mark.audienceDay;
      group = {
        tally: tallyOf(mark.audienceDay, mark.kind),
        kind: mark.kind,
        week: mark.week,
        cap: audiences.capOf(mark.kind),
        // Kept through the next day too: a flush delayed past midnight still meets the day's tally.
        expires_at: (mark.day + 2) * DAY_MS,
        agents: [],
      };
      groups.push(group);
    }
    group.agents.push({
      agent_id: mark.agentId,
      digest: onceKeys.digest(mark.audienceDay, mark.kind, mark.agentId),
    });
  }
  return groups;
}
