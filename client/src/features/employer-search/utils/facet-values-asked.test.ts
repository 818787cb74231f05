import type { InstantSearchResult, MultiSearchRequest } from '@agentry/domain/contract/search';
import { withFacetValuesAsked } from './facet-values-asked';

const result = (facets?: InstantSearchResult['facets']) =>
  ({
    index: 'agents',
    query: '',
    params: '',
    hits: [],
    nbHits: 40,
    matchCount: 40,
    page: 0,
    hitsPerPage: 12,
    nbPages: 4,
    facets,
  }) as unknown as InstantSearchResult;
const asking = (params: Record<string, unknown>): MultiSearchRequest => ({ indexName: 'agents', params });

describe('an answer cut to the facet values asked for', () => {
  it('keeps the most counted values of a longer facet, ties in name order, as RefinementList lists them', () => {
    const answer = result({
      provider: { Zeta: 5, Alpha: 2, Mu: 9, Beta: 2, Gamma: 1 },
      category: { Finance: 30, Legal: 10 },
    });
    const cut = withFacetValuesAsked(answer, asking({ maxValuesPerFacet: 3 }));
    expect(cut.facets).toEqual({
      provider: { Mu: 9, Zeta: 5, Alpha: 2 },
      category: { Finance: 30, Legal: 10 },
    });
    expect(cut.nbHits).toBe(40);
    expect(answer.facets?.provider).toHaveProperty('Gamma', 1);
  });

  it('keeps a refined value however rarely it is counted, in an OR group or alone, escaped or negated', () => {
    const answer = result({ provider: { Mu: 9, Zeta: 5, Gamma: 1, '-dash': 1 }, role: { A: 3, B: 2, C: 1 } });
    const cut = withFacetValuesAsked(
      answer,
      asking({ maxValuesPerFacet: 1, facetFilters: [['provider:Gamma', 'provider:\\-dash'], '-role:C'] }),
    );
    expect(cut.facets).toEqual({ provider: { Mu: 9, Gamma: 1, '-dash': 1 }, role: { A: 3, C: 1 } });
  });

  it('answers the same object when no facet is longer than asked, or nothing was asked', () => {
    const answer = result({ category: { Finance: 30, Legal: 10 } });
    expect(withFacetValuesAsked(answer, asking({ maxValuesPerFacet: 50 }))).toBe(answer);
    expect(withFacetValuesAsked(answer, asking({}))).toBe(answer);
    expect(withFacetValuesAsked(answer, { indexName: 'agents', params: 'maxValuesPerFacet=1' })).toBe(answer);
    expect(withFacetValuesAsked(result(), asking({ maxValuesPerFacet: 1 })).facets).toBeUndefined();
  });
});
