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
