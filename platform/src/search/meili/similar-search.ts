import type { Index, SearchParams } from 'meilisearch';
import type { SearchRequest, SearchResponse } from '../port';
import { fromStoredDocument, isValidDocumentId, type StoredDocument } from './documents';
import { similarQuery } from './similar';
import { call } from './tasks';
import {
  buildFilter,
  emptyResponse,
  fromMeiliResult,
  hitsPerPageOf,
  pageOf,
  quote,
  toSearchParams,
  withOffsetLimit,
} from './translate';

// The Meilisearch engine's search for agents like one (SearchRequest.similarTo), apart from its
// query search (planned-search.ts).

/**
 * Agents like `id`, leaving it out. With an embedder, Meilisearch's similar-documents search ranks
 * by meaning; without one, a keyword query made of the agent's role, category and description words
 * (similar.ts) stands in. An id that is not in the index gives no hits.
 */
export async function searchSimilar(
  live: Index<StoredDocument>,
  embedder: string | undefined,
  request: SearchRequest,
  id: string,
): Promise<SearchResponse> {
  // An id Meilisearch cannot hold is not in the index (and must not reach the request path).
  if (!isValidDocumentId(id)) return emptyResponse(request);
  // A search by id rather than a document read: `search` is the one action the API's key holds.
  const found = await call(`read agent ${id}`, () =>
    live.search<StoredDocument>('', { filter: `id = ${quote(id)}`, limit: 1 }),
  );
  const source = found.hits[0];
  if (!source) return emptyResponse(request);
  const exclusion = `id != ${quote(id)}`;
  if (embedder) {
    const hitsPerPage = hitsPerPageOf(request);
    const filter = buildFilter(request, [exclusion]);
    const [similar, counts] = await Promise.all([
      call('find similar agents', () =>
        live.searchSimilarDocuments<StoredDocument>({
          id,
          embedder,
          filter,
          offset: pageOf(request) * hitsPerPage,
          limit: hitsPerPage,
        }),
      ),
      // The similar-documents route counts no facets; a search with the same filter does.
      request.facets?.length
        ? call('count facets', () =>
            live.search<StoredDocument, SearchParams>('', {
              filter,
              facets: [...request.facets!],
              limit: 0,
            }),
          )
        : undefined,
    ]);
    return fromMeiliResult(
      {
        hits: similar.hits,
        estimatedTotalHits: similar.estimatedTotalHits,
        facetDistribution: counts?.facetDistribution,
        processingTimeMs: similar.processingTimeMs,
      },
      request,
    );
  }
  const likeness: SearchRequest = {
    ...request,
    query: similarQuery(fromStoredDocument(source)),
    sort: 'relevance',
  };
  // The words go from most to least telling (role first), so 'last' drops the least telling
  // first and every hit shares at least the role's first word. 'frequency' would keep the
  // rarest words, and those are often found only in the agent itself, which is left out.
  // Only the page is shown: no exhaustive count (translate.ts withOffsetLimit).
  const params = withOffsetLimit(toSearchParams(likeness, { matchingStrategy: 'last' }, [exclusion]));
  const result = await call('find similar agents', () =>
    live.search<StoredDocument, SearchParams>(params.q, params),
  );
  return fromMeiliResult(result, request);
}
