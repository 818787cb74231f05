import type { FederatedMultiSearchParams, MultiSearchParams } from 'meilisearch';
import type { SearchRequest, SearchResponse } from '../port';
import { matchCountParams } from './match-floor';
import {
  applyFollowUp,
  chooseFollowUp,
  type MeiliPlan,
  type PlanContext,
  translatePlan,
} from './plan-translate';
import { mergeRoleBoost, roleBoostSearches } from './roles';
import { fromMeiliResult, type MeiliResult, type MeiliSearchParams } from './translate';

// A query search as the plan says (plan-translate.ts): the main search, plain or with the role
// boost, then at most one follow-up chosen from its answer. At most three Meilisearch requests,
// in two rounds: the main search (one request, or two in parallel for the role boost), then the
// follow-up (one request, however many queries it holds).

/** The three kinds of Meilisearch request a search makes; the engine sends them through its client. */
export interface MeiliSearcher {
  readonly indexUid: string;
  search(params: MeiliSearchParams, what: string): Promise<MeiliResult>;
  federated(params: FederatedMultiSearchParams, what: string): Promise<MeiliResult>;
  multi(params: MultiSearchParams, what: string): Promise<MeiliResult[]>;
}

/**
 * The main search. In relevance order with words, the count of matches (and the facets, counted
 * over the matches) comes from a request beside it with the match floor's threshold
 * (match-floor.ts): two requests in parallel, as the role boost always sent.
 */
async function mainSearch(searcher: MeiliSearcher, plan: MeiliPlan): Promise<MeiliResult> {
  const floored = plan.followUps;
  if (plan.roles.length === 0) {
    if (!floored) return searcher.search(plan.main, 'search');
    const { facets: _facets, ...main } = plan.main;
    const [hits, matches] = await Promise.all([
      searcher.search(main, 'search'),
      searcher.search(matchCountParams(plan.main), 'count matches'),
    ]);
    return {
      ...hits,
      matchCount: matches.totalHits ?? 0,
      facetDistribution: matches.facetDistribution,
      processingTimeMs: Math.max(hits.processingTimeMs ?? 0, matches.processingTimeMs ?? 0),
    };
  }
  const { federated, count } = roleBoostSearches(plan.main, plan.roles, searcher.indexUid);
  const [boosted, counts] = await Promise.all([
    searcher.federated(federated, 'search (role boost)'),
    searcher.search(matchCountParams(count), 'count matches'),
  ]);
  return mergeRoleBoost(boosted, counts);
}

/** The page asked for: a later page is cut out of the hits up to its end (MeiliPlan.window). */
function answerFor(plan: MeiliPlan, result: MeiliResult): SearchResponse {
  const window = plan.window;
  const hits = window ? result.hits.slice(window.from, window.from + window.size) : result.hits;
  const reading = { query: plan.request.query, groups: plan.groups };
  return fromMeiliResult({ ...result, hits }, plan.request, reading);
}

export async function plannedSearch(
  searcher: MeiliSearcher,
  request: SearchRequest,
  context: PlanContext,
  onFollowUpFailure: (error: unknown, kind: string) => void = () => {},
): Promise<SearchResponse> {
  const plan = translatePlan(request, context);
  const main = await mainSearch(searcher, plan);
  const followUp = chooseFollowUp(plan, main, searcher.indexUid);
  if (!followUp) return answerFor(plan, main);
  let results: MeiliResult[];
  try {
    if (followUp.kind !== 'alternatives')
      results = [await searcher.federated(followUp.search, `search (${followUp.kind})`)];
    // A named agent with no words to find others by still comes first, without a request.
    else if (followUp.step.search.queries.length === 0) results = [];
    else results = await searcher.multi(followUp.step.search, 'find alternatives');
  } catch (error) {
    // The main answer is good: a follow-up that fails (a timeout, a Meilisearch without
    // federation) costs the extras, never the search.
    onFollowUpFailure(error, followUp.kind);
    return answerFor(plan, main);
  }
  return answerFor(plan, applyFollowUp(plan, main, followUp, results));
}
