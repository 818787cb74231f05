import type { HighlightResult, InstantSearchHit, InstantSearchResult } from '@agentry/domain/contract/search';
import { INSTANTSEARCH_MAX_DEPTH } from '@agentry/domain/request-bounds';
import { explanationText } from '@agentry/domain/search-match';
import {
  HIGHLIGHT_FIELDS,
  type Highlight,
  type SearchHit,
  type SearchResponse,
} from '@agentry/platform/search/port';
import { presentAgent } from '../../../../presenters/agent';
import type { AdaptedQuery } from './adapt-request';

// Our engine-neutral response in the shape InstantSearch reads (Algolia's search response), with
// what the shape has no place for added beside it: `matchCount` (how many hits meet the match
// floor: the count to show; nbHits also counts the related agents listed after them, so that
// paging reaches them), `suggestions` when nothing meets it, and per hit `_why` (whether it is a
// match, what it matched, and the same as one line of text). algoliasearch-helper copies every
// field of a response onto its results, so a widget reads them as results.matchCount.

export function renderHighlight(highlight: Highlight, preTag: string, postTag: string): HighlightResult {
  return {
    value: highlight.parts
      .map((part) => (part.match ? `${preTag}${part.text}${postTag}` : part.text))
      .join(''),
    matchLevel: highlight.matchLevel,
    matchedWords: highlight.matchedWords,
    fullyHighlighted: highlight.parts.length === 1 && highlight.parts[0]!.match,
  };
}

/** The hit's public fields (never what the engine keeps for itself, like created_at), for InstantSearch. */
export function adaptHit(hit: SearchHit, preTag: string, postTag: string): InstantSearchHit {
  const highlightResult = Object.fromEntries(
    HIGHLIGHT_FIELDS.map((field): [string, HighlightResult] => {
      const highlight = hit.highlight?.[field];
      return [
        field,
        highlight
          ? renderHighlight(highlight, preTag, postTag)
          : {
              value: String(hit.document[field]),
              matchLevel: 'none',
              matchedWords: [],
              fullyHighlighted: false,
            },
      ];
    }),
  ) as InstantSearchHit['_highlightResult'];
  const adapted = {
    ...presentAgent(hit.document),
    objectID: hit.document.id,
    _highlightResult: highlightResult,
  };
  return hit.why ? { ...adapted, _why: { ...hit.why, text: explanationText(hit.why) } } : adapted;
}

export function adaptResponse(adapted: AdaptedQuery, response: SearchResponse): InstantSearchResult {
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
