import { type FloorHit, type FloorPart, meansTheQuery } from '@agentry/platform/search/ranking/match-floor';

// Second conditions for the match floor, tried in-process on the training sets before any is put in
// the engine (issue 27 part 1: real jobs the catalog has no agent for still claim a match). A rule
// reads what a search already knows about a query (its parts, their weights, which of the first
// matches carry which part) and says whether the query still claims a match. Counted as
// claims-main.ts counts through the API: unanswerable queries (no judged relevant agent) that still
// claim, and answerable ones that claimed a match and would claim none (the loss; near zero to land).

/** A part of the query (a plan group) as the floor sees it (ranking/match-floor.ts FloorPart). */
export interface PartFacts extends FloorPart {
  words: string[];
}

/** One of the first matches: which parts it carries, by index into the query's parts. */
export type HitFacts = FloorHit;

export interface QueryCase {
  set: string;
  query: string;
  /** At least one judged relevant agent. */
  answerable: boolean;
  /** What the engine counts now (X-Match-Count). */
  matchCount: number;
  parts: PartFacts[];
  /** The first matches, in order (at most ten). */
  matches: HitFacts[];
}

/** A second condition: does this query, which claims a match now, still claim one? */
export interface FloorRule {
  name: string;
  claims(query: QueryCase): boolean;
}

export interface RuleTally {
  /** Unanswerable queries that claim a match (of `unanswerable`). */
  claiming: number;
  unanswerable: number;
  /** Answerable queries that claimed a match and would claim none (of `answerable`). */
  lost: number;
  answerable: number;
  /** Queries the rule changes: fixed (unanswerable, now none) and lost. */
  fixedQueries: QueryCase[];
  lostQueries: QueryCase[];
}

/** A rule's counts over the cases; the engine as it is when `rule` is undefined. */
export function tallyRule(cases: readonly QueryCase[], rule?: FloorRule): RuleTally {
  const tally: RuleTally = {
    claiming: 0,
    unanswerable: 0,
    lost: 0,
    answerable: 0,
    fixedQueries: [],
    lostQueries: [],
  };
  for (const query of cases) {
    const claimsNow = query.matchCount > 0;
    const claims = claimsNow && (rule ? rule.claims(query) : true);
    if (query.answerable) {
      tally.answerable += 1;
      if (claimsNow && !claims) {
        tally.lost += 1;
        tally.lostQueries.push(query);
      }
    } else {
      tally.unanswerable += 1;
      if (claims) tally.claiming += 1;
      else if (claimsNow) tally.fixedQueries.push(query);
    }
  }
  return tally;
}

const carriedByAny = (query: QueryCase, part: number, first: number, associations: boolean) =>
  query.matches.slice(0, first).some((hit) => hit.carried[part] || (associations && hit.associated[part]));

/** Share of the query's parts the best of the first `first` matches carries (associations counted). */
function bestShare(query: QueryCase, first: number): number {
  if (query.parts.length === 0) return 1;
  let best = 0;
  for (const hit of query.matches.slice(0, first)) {
    const held = query.parts.filter((_, p) => hit.carried[p] || hit.associated[p]).length;
    best = Math.max(best, held / query.parts.length);
  }
  return best;
}

/**
 * The rules tried in session 16 (BENCHMARKS.md "A meaning check as the floor's second condition").
 * Each is a reading of "the query's specific content must be carried by the matches, not only its
 * generic words" that needs no model beyond what the engine ships.
 */
export const FLOOR_RULES: readonly FloorRule[] = [
  {
    // A word in the head phrase (the job's own words: "generate regex", "detect phishing emails")
    // that no agent has and no concept reads is what the job is about, and nothing carries it.
    name: 'no absent head part',
    claims: (query) => !query.parts.some((part) => part.weight === 0 && part.inHead),
  },
  {
    // The same, unless one of the first three matches holds a word association of it.
    name: 'absent head part associated in the first 3',
    claims: (query) =>
      !query.parts.some((part, p) => part.weight === 0 && part.inHead && !carriedByAny(query, p, 3, true)),
  },
  ...[1, 3].flatMap((first) =>
    [0.34, 0.5].map(
      (share): FloorRule => ({
        // The best of the first matches carries at least this share of every part typed, absent
        // ones included (words, concepts or associations): a cluster that means the query.
        name: `best of the first ${first} carries ≥ ${share} of the parts`,
        claims: (query) => bestShare(query, first) >= share,
      }),
    ),
  ),
  ...[0.3, 0.5].map(
    (focus): FloorRule => ({
      // Generic words (spread over the catalog's roles: "generate", "find", "similar", "hire")
      // cannot alone make a match: one of the first five must carry a focused part.
      name: `a focused part (role focus ≥ ${focus}) carried in the first 5`,
      claims: (query) =>
        query.parts.some(
          (part, p) => part.weight > 0 && (part.focus ?? 1) >= focus && carriedByAny(query, p, 5, false),
        ),
    }),
  ),
  {
    // All three at once (ranking/match-floor.ts meansTheQuery, the engine's `meaningFloor` switch):
    // claims none only when an absent head part, the best of the first three carrying under half
    // the parts and no focused part carried in the first five all say so.
    name: 'meaningFloor: all three together',
    claims: (query) => meansTheQuery(query.parts, query.matches),
  },
];
