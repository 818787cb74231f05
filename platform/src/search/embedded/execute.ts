import { withFacetValuesWanted } from '../facet-values';
import type { SearchRequest, SearchResponse } from '../port';
import { browse } from './browse';
import type { Compare } from './columns';
import { pageHits } from './explain-hits';
import { buildFilter } from './filter';
import type { InvertedIndex } from './inverted-index';
import { moreLikeThisPlan } from './more-like-this';
import { rankPlanSteps } from './rank-plan';
import type { Scratch } from './scratch';
import { runWhole, type Steps } from './search-steps';
import { topK } from './top-k';
import { searchWithWords, type WordsSearch } from './words-search';

// One search against the in-memory index: an agent's look-alikes, a browse by filters, or a search
// with words (words-search.ts: plan, score, keep what passes the filters and covers enough of the
// query, rank with name and role understanding); then the page, each hit explained and
// highlighted, and the facets counted over the hits. Run whole here; the serving engine runs the
// same steps in slices of the event loop (search-steps.ts).

export function executeSearch(
  index: InvertedIndex,
  scratch: Scratch,
  request: SearchRequest,
): SearchResponse {
  return runWhole(searchSteps(index, scratch, request));
}

/** One search as steps (search-steps.ts). */
export function* searchSteps(
  index: InvertedIndex,
  scratch: Scratch,
  request: SearchRequest,
): Steps<SearchResponse> {
  const started = performance.now();
  const page = Math.max(0, request.page ?? 0);
  const hitsPerPage = Math.max(0, request.hitsPerPage ?? 20);
  const wanted = (page + 1) * hitsPerPage;
  const filter = buildFilter(request, index);
  const query = request.query.trim();
  scratch.ensure(index.capacity);

  const similarTo = request.similarTo ? index.numberOf(request.similarTo) : undefined;
  let found: { hits: ArrayLike<number>; order: number[]; facetOrder?: Compare };
  let words: WordsSearch | undefined;
  if (similarTo !== undefined) {
    const accept = filter ?? (() => true);
    const ranked = yield* rankPlanSteps(
      index,
      scratch,
      moreLikeThisPlan(index, similarTo),
      (n) => n !== similarTo && accept(n),
    );
    yield;
    const order = topK(ranked.hits, ranked.scores, wanted, (a, b) => index.compareIds(a, b));
    found = { hits: ranked.hits, order };
  } else if (query === '') {
    found = browse(index, scratch, request, filter, wanted);
  } else {
    words = yield* searchWithWords(index, scratch, request, query, filter, wanted);
    found = words;
  }
  yield;

  const response: SearchResponse = {
    hits: pageHits(index, found.order.slice(page * hitsPerPage, wanted), request, words),
    totalHits: words?.totalHits ?? found.hits.length,
    matchCount: words?.matchCount ?? found.hits.length,
    page,
    hitsPerPage,
    facets: withFacetValuesWanted(
      index.columns.countFacets(found.hits, request.facets ?? [], found.facetOrder),
      request,
    ),
    processingTimeMs: Math.round(performance.now() - started),
  };
  if (words?.suggestions) response.suggestions = words.suggestions;
  return response;
}
