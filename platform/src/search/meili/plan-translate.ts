import type { FederatedMultiSearchParams } from 'meilisearch';
import type { SearchRequest } from '../port';
import { FEATURES } from '../query/features';
import { type QueryIntent, readIntent } from '../query/intent';
import { planQuery, type QueryGroup, SECOND_TIER_MIN_HITS, type Vocabulary } from '../query/plan';
import { type AlternativesStep, alternativesStep, pickAlternatives } from './alternatives';
import { shortenLongPhrases } from './long-phrases';
import { looseSearch, secondTierSearch } from './looser-readings';
import { appendTier, looseAnswer, putNamedFirst } from './merge';
import { namedHits } from './name-match';
import { namedRoles, roleIntentContext } from './roles';
import {
  facetsOf,
  hitsPerPageOf,
  type MeiliResult,
  type MeiliSearchParams,
  pageOf,
  toSearchParams,
} from './translate';

// The query understanding of query/ (the same the embedded engine ranks with) as Meilisearch
// searches. Pure: which searches to send, and how their answers make the page (plan-translate.test.ts).
// Each feature flag of query/features.ts that maps is read here, so an ablation turns the feature
// off in both engines.
//
// What each part of the plan becomes in Meilisearch:
// - framing words taken off (readIntent, jobFraming): `q` is the rewritten text, for every search
//   and for the roles the query names; highlights mark the rewritten words;
// - concept synonyms (concepts): the index's synonyms setting, from the same concept list
//   (settings.ts); the parts of the query keep a concept phrase whole; a phrase of four words or
//   more, which Meilisearch does not look synonyms up for, goes as a shorter phrase of its concept
//   (long-phrases.ts);
// - roles named by the query: the federated role boost on the rewritten text (roles.ts);
// - name intent and alternatives (nameIntent, alternatives, nameAlternatives): when the query
//   names hits of the first page, one follow-up multi-search; the named agents first, then their
//   alternatives, then the rest (name-match.ts, alternatives.ts);
// - second tier (secondTier): fewer hits than a page and than 20 → one follow-up federated search
//   matching any part of the query, appended after the first tier (looser-readings.ts);
// - loose retry (looseRetry): no hit → one follow-up federated search of each word's beginning,
//   each completed as a prefix (looser-readings.ts).
//
// What Meilisearch cannot express, so its ranking goes without it (docs/search.md):
// - role feedback (roleFeedback: ×(1 + 0.25·share) for the roles most of the top 20 share): no
//   score multiplier per document exists, and a search restricted to a role would reorder the
//   list rather than nudge it;
// - the word-order check (phraseOrder: ×0.5 for a literal phrase found only reversed):
//   Meilisearch's proximity rule ranks reversed words as farther apart, a weaker form that no
//   setting turns off;
// - coverage power (score × coverage^0.5, rarity-weighted) and the 25 % coverage floor: the `words`
//   rule counts matched words, every word weighing the same; 'frequency' decides which may be dropped;
// - soft-OR weights of a group's alternatives (concept 0.75, typo 0.85/0.7, prefix 0.6, loose 0.5)
//   and the literal-importance cap (literalImportance: a group weighs as its typed words' rarity):
//   a synonym matches as the word itself (only the `typo` rule ranks typos lower), and Meilisearch
//   exposes no word rarity;
// - the name multipliers (×3, ×2, ×1.6): the `attribute` rule (name first) and `exactness` come
//   near; the name follow-up puts named agents first outright;
// - the name-intent reading "each name word is rare" (no counts; name-match.ts EVERY_WORD_COMMON);
// - in the loose retry, two-typo corrections of 5–8 letter words and concepts borrowed by a name
//   built on a known word ("grammarly" → grammar's concept): typo budgets are index settings and
//   synonyms apply to whole words only;
// - word associations (associations, off: measured and not kept): per-query expansion weighed
//   below the typed word, re-scoring only what the other words found; Meilisearch synonyms are
//   index-wide and match as the word itself;
// - multi-part coverage (partCoverage, off: measured and not kept): the `words` rule counts words,
//   not the parts of a use case;
// - joining split words (joinWords) is Meilisearch's own (it always tries neighbouring words
//   joined): the ablation reaches only the name reading here, not Meilisearch's matching.
//
// Follow-ups run only for relevance order, on page 0, with a query: a sorted list has no best
// match to put first, and a later page is the main search's own page (docs/search.md says how
// that reads). Requests per search: one (plain) or two in parallel (role boost), then at most one
// follow-up: three at most, in two rounds.

/**
 * The planner's view of Meilisearch's vocabulary: every word is known. Meilisearch corrects typos
 * and completes prefixes itself, so planning only takes off stop words and groups concept phrases.
 */
const EVERY_WORD_KNOWN: Vocabulary = {
  documentFrequency: () => 1,
  corrections: () => [],
  completions: () => [],
};

export interface PlanContext {
  /** The index's roles (the engine caches them): for the role boost and for reading framing words. */
  roles: readonly string[];
  embedder?: string;
  semanticRatio?: number;
}

export interface MeiliPlan {
  /** The request as it goes to Meilisearch: its query with framing words taken off. */
  request: SearchRequest;
  intent: QueryIntent;
  /** The parts of the query, one per thing asked for (a concept phrase stays whole), in order. */
  groups: QueryGroup[];
  /** The query's words without stop words, for reading a product's name in it. */
  words: string[];
  main: MeiliSearchParams;
  /** Roles the query names: the main search then runs as the role boost. */
  roles: string[];
  /** Whether a follow-up may run (relevance order, a query, a page to fill). */
  followUps: boolean;
  /**
   * A later page in relevance order: the main search asks for every hit up to the end of that
   * page, the follow-up runs on them as on page 0, and the page is cut out of the merged list, so
   * pages neither repeat nor skip what a follow-up moved (as the embedded engine pages).
   */
  window?: { from: number; size: number };
}

export function translatePlan(request: SearchRequest, context: PlanContext): MeiliPlan {
  const query = request.query.trim();
  const intent = readIntent(query, roleIntentContext(context.roles));
  const rewritten: SearchRequest = { ...request, query: intent.text };
  const planned = planQuery(intent.text, EVERY_WORD_KNOWN);
  const relevance = (request.sort ?? 'relevance') === 'relevance';
  const page = pageOf(request);
  const size = hitsPerPageOf(request);
  const windowed = relevance && intent.text.trim() !== '' && page > 0 && size > 0;
  const main = toSearchParams(
    windowed ? { ...rewritten, page: 0, hitsPerPage: (page + 1) * size } : rewritten,
    {
      embedder: context.embedder,
      semanticRatio: context.semanticRatio,
    },
  );
  // A concept phrase longer than Meilisearch's synonym terms goes as a short phrase of its concept.
  main.q = shortenLongPhrases(main.q);
  return {
    request: rewritten,
    intent,
    groups: planned.groups,
    words: planned.words,
    main,
    roles: relevance && main.q !== '' ? namedRoles(main.q, context.roles) : [],
    followUps: relevance && main.q !== '' && size > 0,
    ...(windowed ? { window: { from: page * size, size } } : {}),
  };
}

export type FollowUp =
  | { kind: 'loose'; search: FederatedMultiSearchParams }
  | { kind: 'second-tier'; search: FederatedMultiSearchParams; target: number }
  | { kind: 'alternatives'; step: AlternativesStep };

const totalOf = (result: MeiliResult): number =>
  result.totalHits ?? result.estimatedTotalHits ?? result.hits.length;

/**
 * The one follow-up the main search's answer calls for, if any: nothing matched → the loose retry;
 * the first page holds agents the query names → their alternatives; fewer hits than a page and
 * than 20 → the second tier.
 */
export function chooseFollowUp(plan: MeiliPlan, main: MeiliResult, indexUid: string): FollowUp | null {
  if (!plan.followUps) return null;
  const { hitsPerPage } = plan.main;
  const total = totalOf(main);
  if (total === 0) {
    const search = FEATURES.looseRetry ? looseSearch(plan.main, plan.groups, indexUid, hitsPerPage) : null;
    return search ? { kind: 'loose', search } : null;
  }
  if (FEATURES.alternatives) {
    const named = namedHits(main.hits, plan.words);
    // A page of named agents leaves no room for alternatives (as in embedded/alternatives.ts).
    if (named && named.hits.length < hitsPerPage)
      return {
        kind: 'alternatives',
        step: alternativesStep(plan.request, plan.main, plan.groups, named, indexUid),
      };
  }
  const target = Math.min(hitsPerPage, SECOND_TIER_MIN_HITS);
  if (FEATURES.secondTier && total < target) {
    const search = secondTierSearch(plan.main, plan.groups, indexUid, target);
    if (search) return { kind: 'second-tier', search, target };
  }
  return null;
}

/**
 * The page made of the main search's answer and its follow-up's: the federated search's single
 * list for the loose retry and the second tier, the multi-search's results for alternatives.
 */
export function applyFollowUp(
  plan: MeiliPlan,
  main: MeiliResult,
  followUp: FollowUp,
  results: readonly MeiliResult[],
): MeiliResult {
  const fields = facetsOf(plan.request);
  const { hitsPerPage } = plan.main;
  const answer = results[0] ?? { hits: [] };
  switch (followUp.kind) {
    case 'loose':
      return looseAnswer(main, answer, hitsPerPage, fields);
    case 'second-tier':
      return appendTier(main, answer, followUp.target, fields);
    case 'alternatives':
      return putNamedFirst(
        main,
        followUp.step.named,
        pickAlternatives(followUp.step, results),
        hitsPerPage,
        fields,
      );
  }
}
