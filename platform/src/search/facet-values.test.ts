import { FACET_VALUES_MAX } from '@agentry/domain/request-bounds';
import { facetValuesWanted, mostCountedValues, withFacetValuesWanted } from './facet-values';

describe('facetValuesWanted', () => {
  it('takes maxValuesPerFacet as a whole number from 0 to FACET_VALUES_MAX, the cap also the default', () => {
    expect(facetValuesWanted({ maxValuesPerFacet: 10 })).toBe(10);
    expect(facetValuesWanted({ maxValuesPerFacet: 0 })).toBe(0);
    expect(facetValuesWanted({ maxValuesPerFacet: 7.9 })).toBe(7);
    expect(facetValuesWanted({ maxValuesPerFacet: 100_000 })).toBe(FACET_VALUES_MAX);
    expect(facetValuesWanted({})).toBe(FACET_VALUES_MAX);
    expect(facetValuesWanted({ maxValuesPerFacet: Number.NaN })).toBe(FACET_VALUES_MAX);
  });
});

describe('mostCountedValues', () => {
  const counts = { Zephyr: 1, Acme: 5, Beta: 2, Alpha: 2 };

  it('keeps the most counted values, ties by value, in the order the counts listed them', () => {
    expect(Object.entries(mostCountedValues(counts, 2))).toEqual([
      ['Acme', 5],
      ['Alpha', 2],
    ]);
    expect(Object.entries(mostCountedValues(counts, 3))).toEqual([
      ['Acme', 5],
      ['Beta', 2],
      ['Alpha', 2],
    ]);
  });

  it('keeps a value filtered on, whatever its case, past the cut', () => {
    expect(mostCountedValues(counts, 1, ['zephyr', 'Absent'])).toEqual({ Zephyr: 1, Acme: 5 });
  });

  it('answers the same object when nothing is cut', () => {
    expect(mostCountedValues(counts, 4)).toBe(counts);
  });

  it('keeps a value named like an object property', () => {
    const odd: Record<string, number> = Object.create(null);
    for (const [value, count] of [
      ['__proto__', 3],
      ['constructor', 1],
      ['other', 1],
    ] as const)
      Object.defineProperty(odd, value, { value: count, enumerable: true });
    expect(Object.entries(mostCountedValues(odd, 1))).toEqual([['__proto__', 3]]);
  });
});

describe('withFacetValuesWanted', () => {
  it('cuts every facet of a response with its own filtered values kept', () => {
    const facets = { provider: { Acme: 3, Northwind: 2, Fenwick: 1 }, pricing: { paid: 4, free: 2 } };
    expect(
      withFacetValuesWanted(facets, { maxValuesPerFacet: 1, filters: { provider: ['Fenwick'] } }),
    ).toEqual({ provider: { Acme: 3, Fenwick: 1 }, pricing: { paid: 4 } });
  });
});
