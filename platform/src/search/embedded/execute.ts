import { stem } from '../analysis/stem';
import type { SearchDocument, SearchHit, SearchRequest, SearchResponse } from '../port';
import { didYouMean } from '../query/did-you-mean';
import { FEATURES } from '../query/features';
import { type IntentContext, readIntent, roleWords } from '../query/intent';
import { readsAsName, saysMoreThanName } from '../query/name-intent';
import { planQuery, type QueryPlan, SECOND_TIER_MIN_HITS } from '../query/plan';
import { explainer, notableGroups } from '../ranking/explain';
import type { QueryContext } from '../ranking/features';
import { floorScore, RELATED_MAX } from '../ranking/match-floor';
import { queryTerms } from '../ranking/query-terms';
import { rankerModel } from '../ranking/ranker-model';
import { suggestionsFrom } from '../ranking/suggestions';
import type { Compare } from './columns';
import { CoverageTable, MAX_COVERAGE_GROUPS } from './coverage-table';
import { buildFilter, type Filter } from './filter';
import { highlightDocument } from './highlight';
import { type InvertedIndex, type NameWords, wordSignature } from './inverted-index';
import { moreLikeThisPlan } from './more-like-this';
import { phraseOrderChecker } from './phrase-order';
import { type Candidate, candidateFeatures, queryContext, rerank } from './rerank';
import { groupImportance, scorePlan } from './scorer';
import type { Scratch } from './scratch';
import { sequenceTerms } from './sequence-terms';
import { termFeedback } from './term-feedback';
import { firstK, TopKHeap, topK, topKPositions } from './top-k';

// One search against the in-memory index: plan, score, keep what passes the filters and covers
// enough of the query, rank with name and role understanding, count facets, page, highlight.

export const RANKING = {
  /** Share of the query's (rarity-weighted) groups a document must cover to count as a hit. */
  minCoverage: 0.25,
  /** Below this many hits, documents covering less of the query follow as a second tier. */
  minHits: SECOND_TIER_MIN_HITS,
  /**
   * The second tier's best score is at most this share of the first tier's lowest, so that role
   * feedback (×1.25 at most) and the word-order check (×0.5) never mix the tiers.
   */
  secondTierGap: 0.3,
  /** Scores are multiplied by coverage to this power: covering more of the request wins. */
  coveragePower: 0.5,
  /**
   * A use case in several parts: scores are also multiplied by the share of its parts covered to
   * this power (`partCoverage`), so an agent doing two of the jobs asked beats one doing one well.
   */
  partPower: 0.5,
  /** The whole query is the agent's name ("otterly", "pixel forge"). */
  exactName: 3,
  /** The agent's whole name appears in the query ("pixelforge logo maker"). */
  nameInQuery: 2,
  /** Every query word is in the name ("forge" → Pixel Forge). */
  queryInName: 1.6,
  /** The query names the agent's role ("hire a recruiter"). */
  roleNamed: 1.3,
  /** A literal phrase found only in the wrong order ("french to english" for "english to french"). */
  phraseOutOfOrder: 0.5,
  /** How many top documents the word-order check looks at. */
  rerankWindow: 100,
  /**
   * Role feedback: the roles of the best first results say which job the query is about; other
   * matches of those roles move up by up to this share (scaled by the role's share of the top).
   */
  roleFeedback: 0.25,
  roleFeedbackTop: 20,
  roleFeedbackMinShare: 0.25,
} as const;

interface Ranked {
  hits: Int32Array;
  /** After the ranking window, with role feedback where it decides anything (boostedWindow). */
  scores: Float32Array;
  /** Each group's weight (groupImportance): what the match floor is a share of. */
  importance: number[];
}

interface NameQuery {
  words: string[];
  key: string;
  set: Set<string>;
  /** wordSignature of the words. */
  signature: number;
  /** How many agents have the word. */
  agentsWith: (word: string) => number;
}

const nameQuery = (index: InvertedIndex, plan: QueryPlan): NameQuery => ({
  words: plan.words,
  key: plan.words.join(' '),
  set: new Set(plan.words),
  signature: wordSignature(plan.words),
  agentsWith: (word) => index.documentFrequency(stem(word)),
});

/**
 * Whether document n's name may be boosted at all: a boost needs every name word in the query or
 * every query word in the name, and the signatures rule out both for most documents (no name
 * words are split for them: that cost 5 % of a search when done for the whole ranking window).
 */
function mayNameBoost(index: InvertedIndex, n: number, query: NameQuery): boolean {
  const { words, parts } = index.nameSignatures;
  return (words[n]! & ~query.signature) === 0 || (query.signature & ~parts[n]!) === 0;
}

/** nameBoost of document n (1 when its signatures rule a boost out). */
function nameBoostOf(index: InvertedIndex, n: number, query: NameQuery): number {
  return mayNameBoost(index, n, query) ? nameBoost(index.nameOf(n), query) : 1;
}

function nameBoost(entry: NameWords, query: NameQuery): number {
  const name = entry.nameWords;
  if (query.words.length === 0 || name.length === 0) return 1;
  if (query.key === entry.nameKey) return RANKING.exactName;
  if (
    entry.nameKey.length >= 3 &&
    name.every((word) => query.set.has(word)) &&
    readsAsName(name, query.words, query.agentsWith)
  )
    return RANKING.nameInQuery;
  if (query.words.every((word) => entry.nameParts.includes(word))) return RANKING.queryInName;
  return 1;
}

interface NamedRoles {
  /** A flag per role id. */
  flags: Uint8Array;
  /** Whether any flag is set (most queries name no role: the per-hit lookup is skipped). */
  any: boolean;
}

const namedRolesOf = new WeakMap<QueryPlan, { index: InvertedIndex; roles: number; named: NamedRoles }>();

/**
 * A flag per role id: 1 when every distinctive word of the role is in the query. Worked out once
 * per plan (a search asks for it when ranking, for its window and for each hit's "why").
 */
function rolesNamed(index: InvertedIndex, plan: QueryPlan): NamedRoles {
  const known = namedRolesOf.get(plan);
  if (known && known.index === index && known.roles === index.roleIdLimit) return known.named;
  const stems = new Set(plan.literalStems);
  const flags = new Uint8Array(index.roleIdLimit);
  let any = false;
  for (const role of index.roleEntries()) {
    if (role.stems.length > 0 && role.stems.every((s) => stems.has(s))) {
      flags[role.id] = 1;
      any = true;
    }
  }
  const named = { flags, any };
  namedRolesOf.set(plan, { index, roles: index.roleIdLimit, named });
  return named;
}

/** The group mask of each part of the query (none when the plan has no parts or just one). */
function partMasks(plan: QueryPlan, groups: number): number[] {
  const masks: number[] = [];
  plan.partOf?.slice(0, groups).forEach((part, g) => {
    masks[part] = (masks[part] ?? 0) | (1 << g);
  });
  return masks.filter((mask) => mask !== undefined);
}

/** Groups up to this many get their first-tier weights worked out for every mask up front. */
const TIER_TABLE_GROUPS = 8;

/**
 * For every mask of a query of at most TIER_TABLE_GROUPS groups: its coverage weight when it covers
 * enough of the query for the first tier, else -1 (the same numbers the table gives). Null for
 * longer queries, whose masks are looked up as documents meet them.
 */
function firstTierWeights(
  table: CoverageTable,
  groups: number,
  minCoverage: number,
  into: Float64Array,
): Float64Array | null {
  if (groups > TIER_TABLE_GROUPS) return null;
  const size = 1 << groups;
  for (let mask = 0; mask < size; mask++)
    into[mask] = table.coverage(mask) < minCoverage ? -1 : table.weight(mask);
  return into;
}

/** Scores a plan; returns the hits (documents covering enough of it, then a second tier when few do) with their final scores. */
function rankPlan(
  index: InvertedIndex,
  scratch: Scratch,
  plan: QueryPlan,
  filter: Filter | null,
  slot: 0 | 1 = 0,
): Ranked {
  scorePlan(index, plan, scratch);
  const importance = groupImportance(index, plan).slice(0, MAX_COVERAGE_GROUPS);
  const table = new CoverageTable(
    importance,
    RANKING.coveragePower,
    scratch.coverage,
    FEATURES.partCoverage ? partMasks(plan, importance.length) : [],
    RANKING.partPower,
  );
  const { flags: named, any: anyRoleNamed } = rolesNamed(index, plan);
  const names = nameQuery(index, plan);
  const roleIds = index.roleIds;
  const { touched, total, matchMask, nameHit } = scratch;
  const touchedCount = scratch.touchedCount;
  const lowMask = table.allGroups;
  const minCoverage: number = RANKING.minCoverage;
  // A name boost needs every name word in the query or every query word in the name: documents
  // whose signatures rule out both skip the comparisons (most name hits are a shared "AI").
  const querySignature = names.signature;
  const { words: nameSignatures, parts: partSignatures } = index.nameSignatures;
  /** The document's score with its coverage weight, or -1 when the filter leaves it out. */
  const scoreOf = (n: number, weight: number): number => {
    if (filter && (!index.isAlive(n) || !filter(n))) return -1;
    let score = total[n]! * weight;
    if (
      nameHit[n] === 1 &&
      ((nameSignatures[n]! & ~querySignature) === 0 || (querySignature & ~partSignatures[n]!) === 0)
    )
      score *= nameBoost(index.nameOf(n), names);
    if (anyRoleNamed && named[roleIds[n]!] === 1) score *= RANKING.roleNamed;
    return score;
  };

  // Hits cover enough of the query. When few do, the documents matching less of it follow them
  // as a second tier ("track zebra sightings on social media" still lists the social media
  // managers after the few agents that monitor brands), as Meilisearch drops query words to fill
  // a page.
  const hits = scratch.hits[slot];
  const scores = scratch.hitScores[slot];
  let count = 0;
  let lowest = Number.POSITIVE_INFINITY;
  // Each mask's weight for the first tier (-1 below the coverage it needs), read with one array
  // lookup per document when a query has few groups (most have): the table's two lookups per
  // document were 7 % of a search.
  const tier = firstTierWeights(table, importance.length, minCoverage, scratch.tierWeights);
  for (let i = 0; i < touchedCount; i++) {
    const n = touched[i]!;
    const mask = matchMask[n]! & lowMask;
    const weight = tier ? tier[mask]! : table.coverage(mask) < minCoverage ? -1 : table.weight(mask);
    if (weight < 0) continue;
    const score = scoreOf(n, weight);
    if (score < 0) continue;
    hits[count] = n;
    scores[count++] = score;
    if (score < lowest) lowest = score;
  }
  if (count < RANKING.minHits && FEATURES.secondTier) {
    const firstTier = count;
    let highest = 0;
    for (let i = 0; i < touchedCount; i++) {
      const n = touched[i]!;
      const mask = matchMask[n]! & lowMask;
      if (table.coverage(mask) >= minCoverage) continue;
      const score = scoreOf(n, table.weight(mask));
      if (score < 0) continue;
      hits[count] = n;
      scores[count++] = score;
      if (score > highest) highest = score;
    }
    // Only enough of them to fill the page: the rest matched too little of the query to count.
    if (firstTier > 0) {
      const tier = topKPositions(
        scores.subarray(firstTier, count),
        count - firstTier,
        RANKING.minHits - firstTier,
      );
      const kept = tier.map((p) => hits[firstTier + p]!);
      const keptScores = tier.map((p) => scores[firstTier + p]!);
      const scale = highest > 0 ? Math.min(1, (RANKING.secondTierGap * lowest) / highest) : 1;
      for (let k = 0; k < kept.length; k++) {
        hits[firstTier + k] = kept[k]!;
        scores[firstTier + k] = keptScores[k]! * scale;
      }
      count = firstTier + kept.length;
    }
  }
  scratch.reset();
  return { hits: hits.subarray(0, count), scores: scores.subarray(0, count), importance };
}

/**
 * Pseudo-relevance feedback on roles: the score-weighted share of each role among the top results,
 * and the factor by which each role's hits move up when its share is large enough (null when none
 * does). The shares (by role id; null when there is no top to speak of) are a feature of the
 * learned ranker. The factors are applied by boostedWindow, in its one pass over the hits.
 */
function roleFeedback(
  index: InvertedIndex,
  ranked: Ranked,
): { shares: Float64Array | null; boost: Float64Array | null } {
  if (ranked.hits.length < 3) return { shares: null, boost: null };
  const top = topKPositions(ranked.scores, ranked.hits.length, RANKING.roleFeedbackTop);
  const roleIds = index.roleIds;
  const shares = new Float64Array(index.roleIdLimit);
  let total = 0;
  for (const position of top) {
    const score = ranked.scores[position]!;
    shares[roleIds[ranked.hits[position]!]!]! += score;
    total += score;
  }
  if (total <= 0) return { shares: null, boost: null };
  for (let role = 0; role < shares.length; role++) shares[role]! /= total;
  if (!FEATURES.roleFeedback || RANKING.roleFeedback <= 0) return { shares, boost: null };
  // One factor per role id, read in the loop over every hit (a Map lookup there cost 4 % of a search).
  const boost = new Float64Array(index.roleIdLimit).fill(1);
  let boosted = false;
  for (let role = 0; role < shares.length; role++) {
    const share = shares[role]!;
    if (share >= RANKING.roleFeedbackMinShare) {
      boost[role] = 1 + RANKING.roleFeedback * share;
      boosted = true;
    }
  }
  return { shares, boost: boosted ? boost : null };
}

/**
 * One pass over every hit: its score multiplied by its role's feedback factor (in place, rounded
 * to the scores' Float32 as before) wherever that decides something, the k best kept, and how many
 * score at least `floor` counted. Three passes once (the boost, the window's top k, the match
 * count: 10 % of a search). Afterwards a hit's score holds its factor if it is in the window or
 * could meet the floor only with it; any other score is on the same side of the floor with or
 * without it, which is all that is read of them (matchesOf).
 */
function boostedWindow(
  index: InvertedIndex,
  ranked: Ranked,
  boost: Float64Array | null,
  k: number,
  floor: number,
): { window: Array<{ n: number; score: number }>; atFloor: number } {
  const { hits, scores } = ranked;
  const roleIds = index.roleIds;
  const heap = new TopKHeap(k);
  let atFloor = 0;
  const count = hits.length;
  if (boost) {
    let most = 1;
    for (let role = 0; role < boost.length; role++) if (boost[role]! > most) most = boost[role]!;
    for (let i = 0; i < count; i++) {
      let score = scores[i]!;
      // A hit's role is looked up (a read scattered over the catalog: 7 % of a search when done for
      // every hit) only where its factor can change something: the score could cross the floor, or
      // enter the window. Elsewhere the boosted score would land on the same side of both as this
      // one (the factor is at most `most`, and rounding to Float32 keeps order), so it is left as it is.
      const highest = Math.fround(score * most);
      if ((score < floor && highest >= floor) || highest > heap.threshold) {
        scores[i]! *= boost[roleIds[hits[i]!]!]!;
        score = scores[i]!;
      }
      if (score >= floor) atFloor += 1;
      heap.offer(i, score);
    }
  } else {
    for (let i = 0; i < count; i++) {
      const score = scores[i]!;
      if (score >= floor) atFloor += 1;
      heap.offer(i, score);
    }
  }
  const window = k > 0 ? heap.sorted().map((i) => ({ n: hits[i]!, score: scores[i]! })) : [];
  return { window, atFloor };
}

/**
 * The engine's best documents for the second stage (a window of RANKING.rerankWindow, or the page
 * when deeper), with their scores after role feedback and the word-order check, and how many hits
 * score at least `floor` after role feedback.
 */
function rankingWindow(
  index: InvertedIndex,
  ranked: Ranked,
  plan: QueryPlan,
  wanted: number,
  floor: number,
): { candidates: Candidate[]; atFloor: number } {
  const { shares, boost } = roleFeedback(index, ranked);
  const { window, atFloor } = boostedWindow(
    index,
    ranked,
    boost,
    Math.max(wanted, RANKING.rerankWindow),
    floor,
  );
  const order = FEATURES.phraseOrder ? phraseOrderChecker(index, plan, RANKING.phraseOutOfOrder) : null;
  const names = nameQuery(index, plan);
  const named = rolesNamed(index, plan).flags;
  const roleIds = index.roleIds;
  const candidates = window.map(({ n, score }) => {
    const factor = order ? order(n) : 1;
    const role = roleIds[n]!;
    return {
      n,
      score: score * factor,
      baseScore: score,
      signals: {
        nameBoost: nameBoostOf(index, n, names),
        roleNamed: named[role] === 1,
        roleShare: shares ? shares[role]! : 0,
        phraseOutOfOrder: factor < 1,
      },
    };
  });
  return { candidates, atFloor };
}

/** The relevance order of a search, matches first, and which hits meet the match floor. */
interface RelevanceOrder {
  /** The window in final order: matches (by the learned model, else the engine), then the rest. */
  order: number[];
  /** Window documents that meet the floor. */
  matches: Set<number>;
  /**
   * Which documents are in the window, as scratch.windowStamps marks them (this search's stamp),
   * and whether each meets the floor (scratch.windowMatch): read for every hit, where a Set
   * lookup cost 5 % of a search.
   */
  windowStamp: number;
  /** The window's documents with their ranked scores (before the word-order check). */
  window: Candidate[];
  /** How many ranked hits score at least the floor (counted in the window's pass). */
  atFloor: number;
}

/** Counts a window document as a match (a product the query names). */
function addMatch(relevance: RelevanceOrder, scratch: Scratch, n: number): void {
  relevance.matches.add(n);
  scratch.windowMatch[n] = 1;
}

function relevanceOrder(
  index: InvertedIndex,
  scratch: Scratch,
  ranked: Ranked,
  plan: QueryPlan,
  wanted: number,
  query: string,
  floor: number,
  pending: QueryPlan | null,
): RelevanceOrder {
  const { candidates, atFloor } = rankingWindow(index, ranked, plan, wanted, floor);
  const model = FEATURES.learnedRanking ? rankerModel() : null;
  // The word being typed orders the window (its completions' scores added), never the floor.
  const typing = pending ? pendingScores(index, scratch, pending, candidates) : null;
  // Word feedback re-orders the window only: `candidate.score`, which the floor reads, is left as it is.
  const feedback = !model && FEATURES.termFeedback ? termFeedback(index, plan, candidates) : null;
  const ordered = model
    ? rerank(index, queryContext(index, plan, query), candidates, model)
    : candidates
        .map(({ n, score }, i) => ({
          n,
          score: score * (feedback ? feedback[i]! : 1) + (typing ? typing[i]! : 0),
        }))
        .sort((a, b) => b.score - a.score || a.n - b.n);
  const matches = new Set<number>();
  const windowStamp = scratch.beginWindow();
  const { windowStamps, windowMatch } = scratch;
  for (const candidate of candidates) {
    const n = candidate.n;
    windowStamps[n] = windowStamp;
    const match = candidate.score >= floor;
    windowMatch[n] = match ? 1 : 0;
    if (match) matches.add(n);
  }
  const order = ordered.map((entry) => entry.n);
  return { order: matchesFirst(order, matches), matches, windowStamp, window: candidates, atFloor };
}

/**
 * The query without its last word while that word is still being typed (QueryGroup.pending), when
 * the words before it find something: what the search counts and cuts at the floor. The pending
 * word's own plan comes apart, to order the matches by.
 */
function typedPart(index: InvertedIndex, plan: QueryPlan): { typed: QueryPlan; pending: QueryPlan } | null {
  if (!FEATURES.stableTyping) return null;
  const at = plan.groups.findIndex((group) => group.pending);
  if (at < 0 || plan.groups.length < 2) return null;
  const typed: QueryPlan = {
    groups: plan.groups.filter((_, g) => g !== at),
    // The pending word is the last word typed: the last of each list.
    literalStems: plan.literalStems.slice(0, -1),
    words: plan.words.slice(0, -1),
    partOf: plan.partOf?.filter((_, g) => g !== at),
  };
  if (!groupImportance(index, typed).some((weight) => weight > 0)) return null;
  return { typed, pending: { groups: [plan.groups[at]!], literalStems: [], words: [] } };
}

/** Each candidate's score for the word being typed alone (0 without it). */
function pendingScores(
  index: InvertedIndex,
  scratch: Scratch,
  pending: QueryPlan,
  candidates: Candidate[],
): number[] {
  scorePlan(index, pending, scratch);
  const scores = candidates.map(({ n }) => scratch.total[n]!);
  scratch.reset();
  return scores;
}

/** The same documents, those meeting the floor first, each part in its order. */
function matchesFirst(order: number[], matches: ReadonlySet<number>): number[] {
  return [...order.filter((n) => matches.has(n)), ...order.filter((n) => !matches.has(n))];
}

/**
 * When the query names a product, people want it and then its alternatives: the named agents come
 * first, then agents like it (or, when the query says more than the name, "pixelforge logo
 * maker", agents matching the rest of the query), then the remaining matches.
 */
function withAlternatives(
  index: InvertedIndex,
  scratch: Scratch,
  plan: QueryPlan,
  filter: Filter | null,
  ranked: Ranked,
  order: number[],
  wanted: number,
): {
  order: number[];
  hits: Int32Array;
  /** The agents the query names (matches, whatever their score), and the alternatives listed after them. */
  named?: number[];
  alternatives?: { of: string; agents: Set<number> };
} {
  if (!FEATURES.alternatives) return { order, hits: ranked.hits };
  const names = nameQuery(index, plan);
  const named = order.filter((n) => nameBoostOf(index, n, names) >= RANKING.nameInQuery);
  if (named.length === 0 || named.length >= wanted) return { order, hits: ranked.hits };
  const first = named[0]!;
  const nameWords = new Set(index.nameOf(first).nameParts);
  // What the query says besides the name; a misspelt name is compared as corrected.
  const saysMore = (group: QueryPlan['groups'][number]) =>
    saysMoreThanName(
      FEATURES.nameAlternatives ? group.meant : group.words,
      nameWords,
      names.agentsWith,
      index.size,
    );
  const rest = plan.groups.filter(saysMore);
  const alternativePlan =
    rest.length > 0 ? { ...plan, groups: rest, words: [] } : moreLikeThisPlan(index, first);
  const similar = rankPlan(index, scratch, alternativePlan, filter, 1);
  const taken = new Set(named);
  const alternatives = topK(similar.hits, similar.scores, wanted).filter((n) => !taken.has(n));
  for (const n of alternatives) taken.add(n);
  const merged = [...named, ...alternatives, ...order.filter((n) => !taken.has(n))].slice(0, wanted);
  const listed = { of: index.document(first)!.name, agents: new Set(alternatives) };
  // The hits for the count and the facets: the ranked ones, and alternatives they lack. One pass
  // over the (possibly catalog-sized) hits with a page-sized set, no catalog-sized copy in between.
  const extra = new Set(alternatives);
  for (let i = 0; i < ranked.hits.length && extra.size > 0; i++) extra.delete(ranked.hits[i]!);
  if (extra.size === 0) return { order: merged, hits: ranked.hits, named, alternatives: listed };
  const hits = new Int32Array(ranked.hits.length + extra.size);
  hits.set(ranked.hits);
  hits.set(Int32Array.from(extra), ranked.hits.length);
  return { order: merged, hits, named, alternatives: listed };
}

const roleWordCache = new WeakMap<InvertedIndex, { roles: number; context: IntentContext }>();

/** What the catalog's roles say about jobs, for reading framing words; redone when a role appears. */
function roleContext(index: InvertedIndex): IntentContext {
  let cached = roleWordCache.get(index);
  if (!cached || cached.roles !== index.roleIdLimit) {
    const { heads, words } = roleWords([...index.roleEntries()].map((role) => role.role));
    cached = {
      roles: index.roleIdLimit,
      context: { isJobHead: (s) => heads.has(s), isRoleWord: (s) => words.has(s) },
    };
    roleWordCache.set(index, cached);
  }
  return cached.context;
}

export function executeSearch(
  index: InvertedIndex,
  scratch: Scratch,
  request: SearchRequest,
): SearchResponse {
  const started = performance.now();
  const page = Math.max(0, request.page ?? 0);
  const hitsPerPage = Math.max(0, request.hitsPerPage ?? 20);
  const wanted = (page + 1) * hitsPerPage;
  const filter = buildFilter(request, index);
  const accept = filter ?? (() => true);
  const query = request.query.trim();
  scratch.ensure(index.capacity);

  let plan: QueryPlan | null = null;
  let hits: ArrayLike<number>;
  let order: number[];
  /**
   * The order facet values are listed in, when not the order of the hits: a browse lists them by
   * their first hit in the sort's order (its counts were once taken over the sorted hits).
   */
  let facetOrder: Compare | undefined;
  let matchCount: number | undefined;
  let totalHits: number | undefined;
  let isMatch: ((n: number) => boolean) | undefined;
  let suggestions: SearchResponse['suggestions'];
  let explain: WordsSearch['explain'] | undefined;
  let notable: boolean[] | undefined;
  const similarTo = request.similarTo ? index.numberOf(request.similarTo) : undefined;

  if (similarTo !== undefined) {
    plan = moreLikeThisPlan(index, similarTo);
    const ranked = rankPlan(index, scratch, plan, (n) => n !== similarTo && accept(n));
    hits = ranked.hits;
    order = topK(ranked.hits, ranked.scores, wanted);
  } else if (query === '') {
    // Browsing by filters: every document that passes them is a hit, in the sort's order. They go
    // into the scratch array (no catalog-sized allocation per request).
    const all = scratch.hits[0];
    const alive = index.aliveFlags;
    const sorted = index.orders.get(request.sort);
    let count = 0;
    if (sorted) {
      for (let i = 0; i < sorted.length; i++) {
        const n = sorted[i]!;
        if (alive[n] === 1 && (filter === null || filter(n))) all[count++] = n;
      }
      const inOrder = all.subarray(0, count);
      hits = inOrder;
      order = Array.from(inOrder.subarray(0, wanted));
    } else {
      // The order is still being built (a large index just loaded): only the page is put in order.
      for (let n = 0; n < index.capacity; n++) {
        if (alive[n] === 1 && (filter === null || filter(n))) all[count++] = n;
      }
      hits = all.subarray(0, count);
      facetOrder = index.columns.comparator(request.sort);
      order = firstK(hits, facetOrder, wanted);
    }
  } else {
    const found = searchWithWords(index, scratch, request, query, filter, wanted);
    plan = found.plan;
    hits = found.hits;
    order = found.order;
    matchCount = found.matchCount;
    totalHits = found.totalHits;
    isMatch = found.isMatch;
    suggestions = found.suggestions;
    explain = found.explain;
    notable = found.notable;
  }

  const pageItems = order.slice(page * hitsPerPage, wanted);
  const result: SearchHit[] = pageItems.map((n) => {
    const document = index.document(n)!;
    const hit: SearchHit = { document };
    if (explain) {
      hit.why = explain(n, document, isMatch?.(n) ?? true);
      if (request.highlight && plan) hit.highlight = highlightDocument(document, plan, notable);
    }
    return hit;
  });
  const response: SearchResponse = {
    hits: result,
    totalHits: totalHits ?? hits.length,
    matchCount: matchCount ?? hits.length,
    page,
    hitsPerPage,
    facets: index.columns.countFacets(hits, request.facets ?? [], facetOrder),
    processingTimeMs: Math.round(performance.now() - started),
  };
  if (suggestions) response.suggestions = suggestions;
  return response;
}

interface WordsSearch {
  plan: QueryPlan;
  /**
   * The hits the facets count: the matches (when none: the related agents listed). Listed only
   * when the request asks for facets.
   */
  hits: ArrayLike<number>;
  /** The first `wanted` documents: matches, then related agents. */
  order: number[];
  matchCount: number;
  totalHits: number;
  isMatch: (n: number) => boolean;
  suggestions?: SearchResponse['suggestions'];
  /** Why hit n (its document as read for the page) is listed. */
  explain: (n: number, document: SearchDocument, match: boolean) => SearchHit['why'];
  /** The groups worth marking in highlights. */
  notable: boolean[];
}

/**
 * A search with words: planned from what the query asks for, ranked, cut at the match floor
 * (ranking/match-floor.ts). In relevance order the matches come first, then up to RELATED_MAX
 * related agents; a sorted list holds the matches only.
 */
function searchWithWords(
  index: InvertedIndex,
  scratch: Scratch,
  request: SearchRequest,
  query: string,
  filter: Filter | null,
  wanted: number,
): WordsSearch {
  const intent = readIntent(query, roleContext(index));
  const vocabulary = index.vocabulary.asVocabulary();
  let plan = planQuery(intent.text, vocabulary, { asYouType: true });
  // A last word still being typed neither counts nor filters: the count holds until it is a word.
  const typing = typedPart(index, plan);
  let pending = typing?.pending ?? null;
  if (typing) plan = typing.typed;
  let ranked = rankPlan(index, scratch, plan, filter);
  let floor = floorScore(ranked.importance);
  if (ranked.hits.length === 0 && FEATURES.looseRetry) {
    // Nothing matched: read the words more loosely (stems by prefix, two-letter typos that pass the
    // typo rule) rather than show an empty page; what this finds is related, never a match.
    // "grammarly" finds the grammar checkers.
    plan = planQuery(intent.text, vocabulary, { asYouType: true, loose: true });
    ranked = rankPlan(index, scratch, plan, filter);
    floor = Number.POSITIVE_INFINITY;
    pending = null;
  }
  let order: number[];
  let matches: ReadonlySet<number>;
  let matchCount: number;
  let relatedCount: number;
  let facetHits: ArrayLike<number>;
  let alternatives: { of: string; agents: Set<number> } | undefined;
  if (request.sort && request.sort !== 'relevance') {
    // A sorted list has no best match to put first: it holds the matches only.
    const kept = matchesOf(ranked, floor, scratch);
    order = firstK(kept, index.columns.comparator(request.sort), wanted);
    matches = new Set(order);
    matchCount = kept.length;
    relatedCount = 0;
    facetHits = kept;
  } else {
    const relevance = relevanceOrder(index, scratch, ranked, plan, wanted, intent.text, floor, pending);
    const top = relevance.order.slice(0, wanted);
    const expanded = withAlternatives(index, scratch, plan, filter, ranked, top, wanted);
    // A product the query asks for by name is a match, whatever its score.
    for (const n of expanded.named ?? []) addMatch(relevance, scratch, n);
    matches = relevance.matches;
    // Every match is a ranked hit (the window's, named products among them, and those below it
    // meeting the floor). They are listed only for facets; a count is one plain pass over the scores.
    const kept = request.facets?.length ? matchesOf(ranked, floor, scratch, relevance) : null;
    matchCount = kept ? kept.length : countMatches(floor, scratch, relevance);
    const related = expanded.order.filter((n) => !matches.has(n)).slice(0, RELATED_MAX);
    order = [...expanded.order.filter((n) => matches.has(n)), ...related];
    relatedCount = Math.min(RELATED_MAX, expanded.hits.length - matchCount);
    facetHits = matchCount === 0 ? related : (kept ?? []);
    alternatives = expanded.alternatives;
  }
  // What explaining the page's hits needs of the query, worked out once for all of them.
  const terms = queryTerms(plan);
  // The ranking's weights, unless it cut a long query's groups short (MAX_COVERAGE_GROUPS).
  const importance =
    ranked.importance.length === plan.groups.length ? ranked.importance : groupImportance(index, plan);
  const explainHit = explainer({ terms, importance, plan, query: intent.text });
  const termsOf = sequenceTerms(index, terms);
  const names = nameQuery(index, plan);
  const named = rolesNamed(index, plan).flags;
  const found: WordsSearch = {
    plan,
    hits: facetHits,
    order,
    matchCount,
    totalHits: matchCount + Math.max(0, relatedCount),
    isMatch: (n) => matches.has(n),
    explain: (n, document, match) =>
      explainHit(document, termsOf(n), {
        match,
        nameAsked: nameBoostOf(index, n, names) >= RANKING.nameInQuery,
        roleNamed: named[index.roleIds[n]!] === 1,
        alternativeTo: alternatives?.agents.has(n) ? alternatives.of : undefined,
      }),
    notable: notableGroups(importance),
  };
  if (matchCount === 0) {
    found.suggestions = suggestionsFrom(
      order.map((n) => index.document(n)!),
      correctionWithMatches(index, scratch, intent.text, filter),
    );
  }
  return found;
}

/** "Did you mean": the query with likely corrections, offered only when it would find matches. */
function correctionWithMatches(
  index: InvertedIndex,
  scratch: Scratch,
  text: string,
  filter: Filter | null,
): string | undefined {
  const corrected = didYouMean(text, index.vocabulary.asVocabulary());
  if (!corrected) return undefined;
  const plan = planQuery(corrected, index.vocabulary.asVocabulary(), { asYouType: true });
  const ranked = rankPlan(index, scratch, plan, filter);
  const floor = floorScore(ranked.importance);
  for (let i = 0; i < ranked.scores.length; i++) if (ranked.scores[i]! >= floor) return corrected;
  return undefined;
}

/**
 * How many ranked hits meet the floor, window documents as the relevance order judged them: the
 * hits scoring at least the floor, corrected for the window's few documents judged otherwise (the
 * word-order check, a named product). matchesOf(…).length without reading a document's flags.
 */
function countMatches(floor: number, scratch: Scratch, relevance: RelevanceOrder): number {
  let count = relevance.atFloor;
  for (const { n, baseScore } of relevance.window) {
    const judged = scratch.windowMatch[n] === 1;
    if (judged !== baseScore >= floor) count += judged ? 1 : -1;
  }
  return count;
}

/**
 * The ranked hits meeting the floor, into scratch.hits[1] (no catalog-sized allocation per search).
 * With a relevance order, window documents are taken as it judged them (after the word-order check).
 */
function matchesOf(ranked: Ranked, floor: number, scratch: Scratch, relevance?: RelevanceOrder): Int32Array {
  const into = scratch.hits[1];
  const { hits, scores } = ranked;
  let count = 0;
  if (!relevance) {
    for (let i = 0; i < hits.length; i++) if (scores[i]! >= floor) into[count++] = hits[i]!;
    return into.subarray(0, count);
  }
  const { windowStamps, windowMatch } = scratch;
  const stamp = relevance.windowStamp;
  for (let i = 0; i < hits.length; i++) {
    const n = hits[i]!;
    const passes = windowStamps[n] === stamp ? windowMatch[n] === 1 : scores[i]! >= floor;
    if (passes) into[count++] = n;
  }
  return into.subarray(0, count);
}

/**
 * What the second stage of a relevance search sees: the query's context and the engine's window
 * with each candidate's features, before any learned order (the training script's input).
 */
export function explainSearch(
  index: InvertedIndex,
  scratch: Scratch,
  query: string,
  size: number = RANKING.rerankWindow,
): {
  plan: QueryPlan;
  context: QueryContext;
  candidates: Candidate[];
  features: Float64Array[];
  floor: number;
} {
  scratch.ensure(index.capacity);
  const intent = readIntent(query.trim(), roleContext(index));
  let plan = planQuery(intent.text, index.vocabulary.asVocabulary(), { asYouType: true });
  let ranked = rankPlan(index, scratch, plan, null);
  let floor = floorScore(ranked.importance);
  if (ranked.hits.length === 0 && FEATURES.looseRetry) {
    plan = planQuery(intent.text, index.vocabulary.asVocabulary(), { asYouType: true, loose: true });
    ranked = rankPlan(index, scratch, plan, null);
    floor = Number.POSITIVE_INFINITY;
  }
  const candidates = rankingWindow(index, ranked, plan, size, floor).candidates.sort(
    (a, b) => b.score - a.score || a.n - b.n,
  );
  const context = queryContext(index, plan, intent.text);
  return { plan, context, candidates, features: candidateFeatures(index, context, candidates), floor };
}
