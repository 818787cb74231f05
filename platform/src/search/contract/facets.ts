import { FACET_VALUES_MAX } from '@agentry/domain/request-bounds';
import type { SearchEngine } from '../port';
import { searchDocument } from './catalog';

// Facet counts and how many values of each a search answers (maxValuesPerFacet): part of the
// search contract (describeSearchContract).

export function describeFacetsContract(engine: () => SearchEngine): void {
  it('counts facets over every hit', async () => {
    const response = await engine().search({ query: '', facets: ['provider', 'pricing'] });
    expect(response.facets.provider).toEqual({ Northwind: 2, Acme: 3 });
    expect(response.facets.pricing).toEqual({ paid: 3, freemium: 1, contact: 1 });
    expect(response.totalHits).toBe(5);
  });

  it('answers each facet with the maxValuesPerFacet most counted values (issue 25)', async () => {
    const response = await engine().search({
      query: '',
      facets: ['provider', 'pricing'],
      maxValuesPerFacet: 1,
    });
    expect(response.facets.provider).toEqual({ Acme: 3 });
    expect(response.facets.pricing).toEqual({ paid: 3 });
    // Ties go by value, as InstantSearch's lists order them.
    const two = await engine().search({ query: '', facets: ['pricing'], maxValuesPerFacet: 2 });
    expect(two.facets.pricing).toEqual({ paid: 3, contact: 1 });
  });

  it('keeps a value filtered on in its facet past maxValuesPerFacet', async () => {
    const response = await engine().search({
      query: '',
      facets: ['pricing'],
      filters: { pricing: ['freemium', 'paid'] },
      maxValuesPerFacet: 1,
    });
    expect(response.facets.pricing).toEqual({ paid: 3, freemium: 1 });
  });

  it('answers at most FACET_VALUES_MAX values whatever maxValuesPerFacet asks', async () => {
    const many = Array.from({ length: FACET_VALUES_MAX + 5 }, (_, at) =>
      searchDocument(`m${at}`, { provider: `Maker ${String(at).padStart(3, '0')}` }),
    );
    await engine().apply({ upserts: many, deletes: [], checkpoint: 6 });
    for (const asked of [undefined, 1_000]) {
      const response = await engine().search({ query: '', facets: ['provider'], maxValuesPerFacet: asked });
      expect(Object.keys(response.facets.provider ?? {})).toHaveLength(FACET_VALUES_MAX);
      // The most counted is among them: Acme's three.
      expect(response.facets.provider?.Acme).toBe(3);
    }
  });

  it('counts a facet value that is also the name of an object property', async () => {
    await engine().apply({
      upserts: [
        searchDocument('p1', { provider: 'constructor' }),
        searchDocument('p2', { provider: '__proto__' }),
      ],
      deletes: [],
      checkpoint: 2,
    });
    const response = await engine().search({ query: '', facets: ['provider'] });
    expect(response.facets.provider?.constructor).toBe(1);
    expect(Object.entries(response.facets.provider ?? {})).toContainEqual(['__proto__', 1]);
  });
}
