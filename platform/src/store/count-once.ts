import { type AgentEventKind, assertValidOnceCount, type OnceCount } from './port';

// What AgentStatsRepository.countOnce decides, written once for both adapters: each adapter reads,
// inside one transaction, which of the entries' keys it has seen and what their tallies hold, asks
// this function what to write, and writes it in the same transaction. SQLite's transactions run one
// at a time; MongoDB's see a snapshot and a concurrent write to the same key or tally aborts one of
// them, which the driver runs again: either way two processes counting the same key count it once,
// and an audience's tally never passes its cap.

export interface OnceWrites {
  /** Keys to remember, each with its expiry (epoch ms). */
  keys: Array<{ key: string; expires_at: number }>;
  /** Tallies to set to `n` (from what they held, or 0): created with `expires_at` if new. */
  tallies: Array<{ tally: string; n: number; expires_at: number }>;
  /** What to add to the counts, one entry per agent, week and kind. */
  increments: Array<{ agent_id: string; week: string; kind: AgentEventKind; count: number }>;
  counted: number;
}

/**
 * The writes for `entries`, given the keys the store has already (`seen`) and what each tally it
 * has holds (`tallies`; a tally it lacks is 0). Entries count in order; a key twice counts once.
 */
export function decideOnceCounts(
  entries: readonly OnceCount[],
  seen: ReadonlySet<string>,
  tallies: ReadonlyMap<string, number>,
): OnceWrites {
  const keys = new Map<string, number>();
  const after = new Map<string, { n: number; expires_at: number }>();
  const increments = new Map<string, OnceWrites['increments'][number]>();
  let counted = 0;
  for (const entry of entries) {
    assertValidOnceCount(entry);
    if (seen.has(entry.key) || keys.has(entry.key)) continue;
    const tally = after.get(entry.tally) ?? {
      n: tallies.get(entry.tally) ?? 0,
      expires_at: entry.expires_at,
    };
    if (tally.n >= entry.cap) continue;
    tally.n += 1;
    tally.expires_at = Math.max(tally.expires_at, entry.expires_at);
    after.set(entry.tally, tally);
    keys.set(entry.key, entry.expires_at);
    const at = `${entry.agent_id}\u0000${entry.week}\u0000${entry.kind}`;
    const increment = increments.get(at);
    if (increment) increment.count += 1;
    else increments.set(at, { agent_id: entry.agent_id, week: entry.week, kind: entry.kind, count: 1 });
    counted += 1;
  }
  return {
    keys: [...keys].map(([key, expires_at]) => ({ key, expires_at })),
    tallies: [...after].map(([tally, { n, expires_at }]) => ({ tally, n, expires_at })),
    increments: [...increments.values()],
    counted,
  };
}

/** The distinct keys and tallies `entries` ask about (what an adapter reads before deciding). */
export function onceLookups(entries: readonly OnceCount[]): { keys: string[]; tallies: string[] } {
  return {
    keys: [...new Set(entries.map((entry) => entry.key))],
    tallies: [...new Set(entries.map((entry) => entry.tally))],
  };
}
