// The match floor: below it, a hit is not a match of the query but a related agent, shown apart
// after the matches; the count a search reports is of the hits above it. It is absolute for a given
// reading of the query, not relative to the best hit, so a hit's standing does not change with what
// else the catalog holds, and a query nothing matches has no match at all.
//
// A plain match of one part of a query (one occurrence in an average description) scores about that
// part's weight (its rarity). The floor is a share of what plain matches of the query's three
// weightiest parts would score: covering the central part of a request in the role or name, or
// most of it in the description, passes; sharing one everyday word with it does not. Measured on
// the development sets (../shared/eval and scripts/eval/own-tune), 0.3 kept 79 % of the judged
// relevant agents of the engine's first hundred above the floor and left no query with a relevant
// agent without a match; the median query had 12 matches (the reported half was not used).

export const MATCH_FLOOR = {
  share: 0.3,
  /** Parts of the query whose weights make the reference. */
  parts: 3,
};

/** Related agents (below the floor) kept after the matches: a page of them at most. */
export const RELATED_MAX = 20;

/** The score a hit needs to count as a match, from the weights of the query's groups. */
export function floorScore(importance: readonly number[]): number {
  const top = [...importance].sort((a, b) => b - a).slice(0, MATCH_FLOOR.parts);
  const reference = top.reduce((sum, value) => sum + value, 0);
  return reference > 0 ? MATCH_FLOOR.share * reference : Number.POSITIVE_INFINITY;
}

// A second condition on the whole answer (`meaningFloor`, off: measured, not kept — BENCHMARKS.md
// "A meaning check as the floor's second condition"). A real job the catalog has no agent for often
// still clears the floor on one everyday or wrongly-read word ("explain my blood test results": QA
// agents on "test"). The query then claims no match when three signals all say its specific content
// is not carried: a word of its head phrase (the job's own words) that no agent and no concept has,
// the best of the first matches carrying under half of its parts (own words, concepts or word
// associations), and none of the first matches carrying a part whose words are focused on a few of
// the catalog's roles (embedded/role-focus.ts), generic words ("find", "generate", "hire") aside.

export const MEANING_FLOOR = {
  /** The first matches read for a focused part. */
  first: 5,
  /** The first matches read for the share of parts carried. */
  shareOf: 3,
  /** The share of the query's parts the best of those must carry. */
  share: 0.5,
  /** A part is focused from this role focus on (null focus: no agent has its words; counted as focused). */
  focus: 0.5,
};

/** A part of the query (a plan group) as the meaning check reads it. */
export interface FloorPart {
  /** Its weight (groupImportance): 0 when no agent has it, nor a concept of it. */
  weight: number;
  /** How much its typed words narrow the role (0 spread … 1 one role); null when no agent has them. */
  focus: number | null;
  /** Every word of it is in the query's head phrase (term-specificity.ts headPhraseWords). */
  inHead: boolean;
}

/** One of the first matches: which of the query's parts it carries. */
export interface FloorHit {
  /** Through its own words, a typo reading or a concept of the part. */
  carried: boolean[];
  /** Through a word association of the part's words alone. */
  associated: boolean[];
}

/** Whether the first matches (in order) carry the query's meaning (false: it claims no match). */
export function meansTheQuery(parts: readonly FloorPart[], hits: readonly FloorHit[]): boolean {
  const { first, shareOf, share, focus } = MEANING_FLOOR;
  const absentHeadPart = parts.some((part) => part.weight === 0 && part.inHead);
  if (!absentHeadPart || parts.length === 0) return true;
  const bestShare = Math.max(
    0,
    ...hits
      .slice(0, shareOf)
      .map((hit) => parts.filter((_, p) => hit.carried[p] || hit.associated[p]).length / parts.length),
  );
  if (bestShare >= share) return true;
  return parts.some(
    (part, p) =>
      part.weight > 0 && (part.focus ?? 1) >= focus && hits.slice(0, first).some((hit) => hit.carried[p]),
  );
}
