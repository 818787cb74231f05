import { assertValidOnceGroup, ONCE_DIGEST_BYTES, type OnceGroup, type OnceIncrement } from './port';

// What AgentStatsRepository.countOnce decides, written once for both adapters: each adapter reads,
// inside one transaction, the rows of the groups' tallies (one per audience, kind and day: the
// digests of the agents it counted and how many), asks this function what to write, and writes it
// in the same transaction. SQLite's transactions run one at a time; MongoDB's see a snapshot and a
// concurrent write to the same tally aborts one of them, which the driver runs again: either way
// two processes counting the same agent for the same audience count it once, and a tally never
// passes its cap.

/** A tally as the store holds it. */
export interface SeenRow {
  /** Agents it admitted (the digests' count, or more for a tally carried from the old keys). */
  n: number;
  /** ONCE_DIGEST_BYTES per agent it counted, one after the other. */
  digests: Uint8Array;
  expires_at: number;
}

export interface SeenWrites {
  /** Tallies to write whole (created if new): what they held plus the digests counted now. */
  rows: Array<{ tally: string; n: number; digests: Buffer; expires_at: number; created: boolean }>;
  /** What to add to the counts, one entry per agent, week and kind. */
  increments: OnceIncrement[];
  counted: number;
}

/** Whether `digests` (ONCE_DIGEST_BYTES each) holds `digest`, at a digest's boundary. */
export function holdsDigest(digests: Uint8Array, digest: Buffer): boolean {
  const all = Buffer.from(digests.buffer, digests.byteOffset, digests.byteLength);
  for (let at = all.indexOf(digest); at !== -1; at = all.indexOf(digest, at + 1))
    if (at % ONCE_DIGEST_BYTES === 0) return true;
  return false;
}

/**
 * The writes for `groups`, given the rows the store holds for their tallies (`held`; a tally it
 * lacks holds nothing). Groups count in order, their agents in order; an agent twice counts once,
 * also across groups of one tally. Every group is checked before anything is decided.
 */
export function decideOnceCounts(
  groups: readonly OnceGroup[],
  held: ReadonlyMap<string, SeenRow>,
): SeenWrites {
  for (const group of groups) assertValidOnceGroup(group);
  const after = new Map<
    string,
    { n: number; base: Uint8Array; added: Set<string>; expires_at: number; created: boolean }
  >();
  const increments = new Map<string, SeenWrites['increments'][number]>();
  let counted = 0;
  for (const group of groups) {
    let tally = after.get(group.tally);
    if (!tally) {
      const row = held.get(group.tally);
      tally = {
        n: row?.n ?? 0,
        base: row?.digests ?? new Uint8Array(0),
        added: new Set(),
        expires_at: row?.expires_at ?? group.expires_at,
        created: row === undefined,
      };
      after.set(group.tally, tally);
    }
    for (const { agent_id, digest } of group.agents) {
      if (tally.n >= group.cap) break;
      if (tally.added.has(digest) || holdsDigest(tally.base, Buffer.from(digest, 'hex'))) continue;
      tally.added.add(digest);
      tally.n += 1;
      tally.expires_at = Math.max(tally.expires_at, group.expires_at);
      const at = `${agent_id}\u0000${group.week}\u0000${group.kind}`;
      const increment = increments.get(at);
      if (increment) increment.count += 1;
      else increments.set(at, { agent_id, week: group.week, kind: group.kind, count: 1 });
      counted += 1;
    }
  }
  const rows: SeenWrites['rows'] = [];
  for (const [name, { n, base, added, expires_at, created }] of after) {
    if (added.size === 0) continue;
    const digests = Buffer.concat([base, Buffer.from([...added].join(''), 'hex')]);
    rows.push({ tally: name, n, digests, expires_at, created });
  }
  return { rows, increments: [...increments.values()], counted };
}

/** The distinct tallies `groups` ask about (what an adapter reads before deciding). */
export function onceTallies(groups: readonly OnceGroup[]): string[] {
  return [...new Set(groups.map((group) => group.tally))];
}
