import { publicTrust } from '@agentry/domain/agent-trust';
import { INSTANTSEARCH_MAX_DEPTH } from '@agentry/domain/limits';
import { explanationText } from '@agentry/domain/search-match';
import type { Highlight, SearchHit, SearchResponse } from '@agentry/platform/search/port';
import { HIGHLIGHT_FIELDS } from '@agentry/platform/search/port';
import type { AdaptedQuery } from './adapt-request';

// Our engine-neutral response in the shape InstantSearch reads (Algolia's search response), with
// what the shape has no place for added beside it: `matchCount` (how many hits meet the match
// floor: the count to show; nbHits also counts the related agents listed after them, so that
// paging reaches them), `suggestions` when nothing meets it, and per hit `_why` (whether it is a
// match, what it matched, and the same as one line of text). algoliasearch-helper copies every
// field of a response onto its results, so a widget reads them as results.matchCount.

export function renderHighlight(highlight: Highlight, preTag: string, postTag: string) {
  return {
    value: highlight.parts
      .map((part) => (part.match ? `${preTag}${part.text}${postTag}` : part.text))
      .join(''),
    matchLevel: highlight.matchLevel,
    matchedWords: highlight.matchedWords,
    fullyHighlighted: highlight.parts.length === 1 && highlight.parts[0]!.match,
  };
}

export function adaptHit(hit: SearchHit, preTag: string, postTag: string) {
  const highlightResult: Record<string, ReturnType<typeof renderHighlight>> = {};
  for (const field of HIGHLIGHT_FIELDS) {
    const highlight = hit.highlight?.[field];
    highlightResult[field] = highlight
      ? renderHighlight(highlight, preTag, postTag)
      : { value: String(hit.document[field]), matchLevel: 'none', matchedWords: [], fullyHighlighted: false };
  }
  // Trust signals as every public answer gives them: the rating only from enough reviews.
  const adapted = {
    ...hit.document,
    ...publicTrust(hit.document),
    objectID: hit.document.id,
    _highlightResult: highlightResult,
  };
  return hit.why ? { ...adapted, _why: { ...hit.why, text: explanationText(hit.why) } } : adapted;
}

export function adaptResponse(adapted: AdaptedQuery, response: SearchResponse) {
  const hitsPerPage = response.hitsPerPage;
  return {
    index: adapted.indexName,
    query: adapted.request.query,
    params: '',
    hits: response.hits.map((hit) => adaptHit(hit, adapted.preTag, adapted.postTag)),
    nbHits: response.totalHits,
    matchCount: response.matchCount,
    ...(response.suggestions ? { suggestions: response.suggestions } : {}),
    page: response.page,
    hitsPerPage,
    // As Algolia does: no more pages than reach INSTANTSEARCH_MAX_DEPTH results.
    nbPages:
      hitsPerPage > 0 ? Math.ceil(Math.min(response.totalHits, INSTANTSEARCH_MAX_DEPTH) / hitsPerPage) : 0,
    facets: response.facets,
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    exhaustive: { facetsCount: true, nbHits: true },
    processingTimeMS: response.processingTimeMs,
  };
}
