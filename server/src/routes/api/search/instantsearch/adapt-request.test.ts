import { SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG } from '@agentry/domain/contract/search';
import { FACET_FILTER_VALUES_MAX, FACET_VALUES_MAX, HIGHLIGHT_TAG_MAX } from '@agentry/domain/request-bounds';
import { HttpError } from '../../../../http/errors';
import {
  adaptFacetFilters,
  adaptFacets,
  adaptNumericFilters,
  adaptQuery,
  FACETS_MAX,
  NUMERIC_FILTERS_MAX,
  readParams,
  sortFromIndexName,
} from './adapt-request';

describe('InstantSearch request adapters', () => {
  it('reads params sent as an object or as a URL-encoded string', () => {
    expect(readParams({ query: 'x' })).toEqual({ query: 'x' });
    expect(readParams('query=email%20bot&page=2&facets=%5B%22category%22%5D')).toEqual({
      query: 'email bot',
      page: 2,
      facets: ['category'],
    });
  });

  it('OR-s values inside a facet group and AND-s groups', () => {
    expect(adaptFacetFilters([['category:Finance', 'category:Legal'], 'pricing:free'])).toEqual({
      category: ['Finance', 'Legal'],
      pricing: ['free'],
    });
  });

  it('keeps colons and escaped dashes inside values', () => {
    expect(adaptFacetFilters(['role:Editor: Senior', 'provider:\\-dash Co'])).toEqual({
      role: ['Editor: Senior'],
      provider: ['-dash Co'],
    });
  });

  it('rejects unknown facets and negative filters with a 400', () => {
    expect(() => adaptFacetFilters(['email:x@y.z'])).toThrow(HttpError);
    expect(() => adaptFacetFilters(['-category:Finance'])).toThrow(
      'Negative facet filters are not supported',
    );
  });

  it('gathers each field’s values once, in the order given, from every group', () => {
    expect(
      adaptFacetFilters([
        ['category:Finance', 'category:Legal', 'role:Accountant'],
        'category:Finance',
        ['category:Sales', 'role:Accountant', 'role:Auditor'],
      ]),
    ).toEqual({ category: ['Finance', 'Legal', 'Sales'], role: ['Accountant', 'Auditor'] });
  });

  it(`takes the most facet values allowed (${FACET_FILTER_VALUES_MAX}), each reaching the engine once`, () => {
    const values = Array.from({ length: FACET_FILTER_VALUES_MAX }, (_, i) => `provider:Vendor ${i}`);
    const half = FACET_FILTER_VALUES_MAX / 2;
    const filters = adaptFacetFilters([values.slice(0, half), ...values.slice(half)]);
    expect(filters.provider).toEqual(values.map((value) => value.slice('provider:'.length)));
  });

  it('refuses more facet values than allowed with a 400 that says how many it takes', () => {
    const values = Array.from({ length: FACET_FILTER_VALUES_MAX + 1 }, () => 'pricing:free');
    const refused = (() => {
      try {
        adaptFacetFilters([values]);
      } catch (error) {
        return error as HttpError;
      }
    })();
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      status: 400,
      message: `A search may filter on at most ${FACET_FILTER_VALUES_MAX} facet values; this one has ${FACET_FILTER_VALUES_MAX + 1}`,
    });
  });

  it('reads price ranges from numeric filters', () => {
    expect(adaptNumericFilters(['price_monthly>=10', 'price_monthly<=50']).price_monthly).toEqual({
      min: 10,
      max: 50,
    });
    expect(adaptNumericFilters([['price_monthly=0']]).price_monthly).toEqual({ min: 0, max: 0 });
    expect(adaptNumericFilters(undefined).price_monthly).toBeUndefined();
    expect(() => adaptNumericFilters(['stars>4'])).toThrow('Unsupported numeric filter: stars>4');
  });

  it('reads a range of the profile starting price per month beside the monthly price, each its own', () => {
    const ranges = adaptNumericFilters([
      'starting_price_monthly<=20',
      'price_monthly>=5',
      'starting_price_monthly>1',
    ]);
    expect(ranges).toEqual({
      starting_price_monthly: { min: 1, minExclusive: true, max: 20 },
      price_monthly: { min: 5 },
    });
    expect(
      adaptQuery({ params: { numericFilters: ['starting_price_monthly<=20'] } }).request.startingPriceMonthly,
    ).toEqual({ max: 20 });
  });

  it('takes the profile facts as facets and facet filters, and every facet for "*"', () => {
    expect(adaptFacetFilters([['integrations:Slack', 'integrations:Zendesk'], 'languages:es'])).toEqual({
      integrations: ['Slack', 'Zendesk'],
      languages: ['es'],
    });
    expect(adaptFacets(['languages', 'free_trial', 'nonsense'])).toEqual(['languages', 'free_trial']);
    expect(adaptFacets('*')).toContain('certifications');
  });

  it('keeps > and < strict: price_monthly>29 leaves out agents at 29', () => {
    expect(adaptNumericFilters(['price_monthly>29']).price_monthly).toEqual({ min: 29, minExclusive: true });
    expect(adaptNumericFilters(['price_monthly<29']).price_monthly).toEqual({ max: 29, maxExclusive: true });
    expect(adaptNumericFilters(['price_monthly>=10', 'price_monthly<50']).price_monthly).toEqual({
      min: 10,
      max: 50,
      maxExclusive: true,
    });
  });

  it('of two bounds on one side keeps the tighter, the strict one at the same value', () => {
    expect(adaptNumericFilters(['price_monthly>=29', 'price_monthly>29']).price_monthly).toEqual({
      min: 29,
      minExclusive: true,
    });
    expect(adaptNumericFilters(['price_monthly>29', 'price_monthly>=29']).price_monthly).toEqual({
      min: 29,
      minExclusive: true,
    });
    expect(adaptNumericFilters(['price_monthly>10', 'price_monthly>=20']).price_monthly).toEqual({ min: 20 });
    expect(adaptNumericFilters(['price_monthly<50', 'price_monthly<=40']).price_monthly).toEqual({ max: 40 });
    expect(adaptNumericFilters(['price_monthly<=40', 'price_monthly<40']).price_monthly).toEqual({
      max: 40,
      maxExclusive: true,
    });
  });

  it("takes every facet the employer screen asks for: its nine lists and its two ranges' attributes", () => {
    const asked = [
      'category',
      'role',
      'provider',
      'pricing',
      'integrations',
      'languages',
      'deployment',
      'certifications',
      'free_trial',
      'price_monthly',
      'starting_price_monthly',
    ];
    // The range attributes are no facets: dropped, not refused.
    expect(adaptFacets(asked)).toEqual(asked.slice(0, 9));
  });

  it('refuses more facets or numeric filters than a search may hold, saying how many it takes', () => {
    expect(() => adaptFacets(Array.from({ length: FACETS_MAX + 1 }, () => 'category'))).toThrow(
      `A search may count at most ${FACETS_MAX} facets; this one names ${FACETS_MAX + 1}`,
    );
    expect(adaptFacets(Array.from({ length: FACETS_MAX }, () => 'role'))).toHaveLength(FACETS_MAX);
    expect(() =>
      adaptNumericFilters([Array.from({ length: NUMERIC_FILTERS_MAX + 1 }, () => 'price_monthly>=1')]),
    ).toThrow(
      `A search may hold at most ${NUMERIC_FILTERS_MAX} numeric filters; this one has ${NUMERIC_FILTERS_MAX + 1}`,
    );
  });

  it('expands the * facet and drops facets that do not exist', () => {
    // Every facet, the profile facts' included (the public search narrows them to the free ones).
    expect(adaptFacets('*')).toEqual([
      'category',
      'role',
      'provider',
      'pricing',
      'integrations',
      'languages',
      'deployment',
      'certifications',
      'free_trial',
    ]);
    expect(adaptFacets(['role', 'email'])).toEqual(['role']);
  });

  it('reads the sort order from a replica index name', () => {
    expect(sortFromIndexName('agents_price_asc')).toBe('price_asc');
    expect(sortFromIndexName('agents')).toBe('relevance');
    expect(sortFromIndexName('agents_newest')).toBe('newest');
  });

  it('caps paging and keeps highlight tags', () => {
    const adapted = adaptQuery({
      indexName: 'agents',
      params: {
        query: 'crm',
        page: -3,
        hitsPerPage: 5000,
        highlightPreTag: '__ais-highlight__',
        highlightPostTag: '__/ais-highlight__',
      },
    });
    expect(adapted.request).toMatchObject({
      query: 'crm',
      page: 0,
      hitsPerPage: 100,
      highlight: true,
      sort: 'relevance',
    });
    expect([adapted.preTag, adapted.postTag]).toEqual(['__ais-highlight__', '__/ais-highlight__']);
  });

  it('refuses a highlight tag longer than 64 characters, which is written around every matched word', () => {
    // Session 14's attack: a 2,400-character pair made a 99 kB multi-search answer 3 MB.
    const longest = `<b>${'x'.repeat(HIGHLIGHT_TAG_MAX - 3)}`;
    expect(adaptQuery({ params: { query: 'crm', highlightPreTag: longest } }).preTag).toBe(longest);
    const tooLong = () => adaptQuery({ params: { query: 'crm', highlightPostTag: `${longest}x` } });
    expect(tooLong).toThrow(HttpError);
    expect(tooLong).toThrow('highlightPostTag must be at most 64 characters');
    expect(() => adaptQuery({ params: { highlightPreTag: 'y'.repeat(2400) } })).toThrow(
      'highlightPreTag must be at most 64 characters',
    );
  });

  it('refuses a query longer than 500 characters with the message GET /api/search gives, instead of cutting it', () => {
    const longest = 'a'.repeat(SEARCH_QUERY_MAX);
    expect(adaptQuery({ params: { query: longest } }).request.query).toBe(longest);
    const tooLong = () => adaptQuery({ params: `query=${'a'.repeat(SEARCH_QUERY_MAX + 1)}` });
    expect(tooLong).toThrow(HttpError);
    expect(tooLong).toThrow(SEARCH_QUERY_TOO_LONG);
  });
});

describe('paging depth', () => {
  it('never pages deeper than 1,000 results, as Algolia does', () => {
    expect(adaptQuery({ params: { page: 1000, hitsPerPage: 100 } }).request.page).toBe(9);
    expect(adaptQuery({ params: { page: 3, hitsPerPage: 20 } }).request.page).toBe(3);
    expect(adaptQuery({ params: { page: 999, hitsPerPage: 20 } }).request.page).toBe(49);
  });
});

describe('one character (issue 25: a search starts at two, domain/search-text.ts)', () => {
  it('is read as no words: a browse', () => {
    expect(adaptQuery({ params: { query: 'r' } }).request.query).toBe('');
    expect(adaptQuery({ params: { query: ' r ' } }).request.query).toBe('');
    expect(adaptQuery({ params: { query: 'hr' } }).request.query).toBe('hr');
  });
});

describe('maxValuesPerFacet (issue 25)', () => {
  it('is passed to the engine as asked, at most FACET_VALUES_MAX', () => {
    expect(adaptQuery({ params: { maxValuesPerFacet: 10 } }).request.maxValuesPerFacet).toBe(10);
    expect(adaptQuery({ params: 'maxValuesPerFacet=0' }).request.maxValuesPerFacet).toBe(0);
    expect(adaptQuery({ params: { maxValuesPerFacet: 5_000 } }).request.maxValuesPerFacet).toBe(
      FACET_VALUES_MAX,
    );
    expect(adaptQuery({ params: {} }).request.maxValuesPerFacet).toBeUndefined();
  });

  it('refuses what is not a whole number from 0, saying so', () => {
    for (const bad of [-1, 2.5, 'ten', null])
      expect(() => adaptQuery({ params: { maxValuesPerFacet: bad } })).toThrow(
        /maxValuesPerFacet must be a whole number from 0/,
      );
  });
});
