import { searchDocument } from '../contract';
import type { SearchRequest } from '../port';
import { toStoredDocument } from './documents';
import {
  describeMatch,
  editDistance,
  highlightParts,
  matchContext,
  HIGHLIGHT_POST_TAG as POST,
  HIGHLIGHT_PRE_TAG as PRE,
  queryTerms,
  typedMarks,
} from './highlight';
import {
  buildFilter,
  emptyResponse,
  fromMeiliResult,
  type MeiliResult,
  quote,
  sortRules,
  toSearchParams,
} from './translate';

const request = (fields: Partial<SearchRequest> = {}): SearchRequest => ({ query: '', ...fields });
/** Marks words like Meilisearch does with our tags: mark('a [b] c') → 'a \u0001b\u0002 c'. */
const mark = (text: string) => text.replace(/\[/g, PRE).replace(/\]/g, POST);

describe('filter values', () => {
  it('quotes values and escapes quotes and backslashes', () => {
    expect(quote('Acme')).toBe('"Acme"');
    expect(quote('Say "Hi"')).toBe('"Say \\"Hi\\""');
    expect(quote('back\\slash')).toBe('"back\\\\slash"');
    expect(quote('end\\"')).toBe('"end\\\\\\""');
    expect(quote("it's AND x = 1")).toBe('"it\'s AND x = 1"');
  });
});

describe('buildFilter', () => {
  it('ORs values within a field (inner array) and ANDs fields (outer array), in facet order', () => {
    expect(
      buildFilter({ filters: { provider: ['Northwind'], category: ['Finance', 'Customer Service'] } }),
    ).toEqual([['category = "Finance"', 'category = "Customer Service"'], 'provider = "Northwind"']);
  });

  it('keeps values as given, drops duplicates and ignores empty value lists', () => {
    expect(buildFilter({ filters: { pricing: ['contact', 'contact'], role: [] } })).toEqual([
      'pricing = "contact"',
    ]);
    expect(buildFilter({ filters: { provider: ['Say "Hi"'] } })).toEqual(['provider = "Say \\"Hi\\""']);
  });

  it('bounds the monthly price, ignoring bounds that are not numbers', () => {
    expect(buildFilter({ priceMonthly: { min: 5, max: 30.5 } })).toEqual([
      'price_monthly >= 5',
      'price_monthly <= 30.5',
    ]);
    expect(buildFilter({ priceMonthly: { max: 0 } })).toEqual(['price_monthly <= 0']);
    // Strict bounds stay strict: price_monthly>29 leaves out agents at 29.
    expect(
      buildFilter({ priceMonthly: { min: 29, minExclusive: true, max: 99, maxExclusive: true } }),
    ).toEqual(['price_monthly > 29', 'price_monthly < 99']);
    expect(buildFilter({ priceMonthly: { min: Number.NaN } })).toEqual([]);
  });

  it('filters a profile fact by any of its values, a free trial as a bare boolean', () => {
    expect(
      buildFilter({
        filters: { integrations: ['Slack', 'Zendesk'], languages: ['es'], free_trial: ['true'] },
      }),
    ).toEqual([
      ['integrations = "Slack"', 'integrations = "Zendesk"'],
      'languages = "es"',
      'free_trial = true',
    ]);
    expect(buildFilter({ filters: { free_trial: ['FALSE'] } })).toEqual(['free_trial = false']);
    // Anything else is no yes/no: quoted, it matches nothing rather than reading as syntax.
    expect(buildFilter({ filters: { free_trial: ['maybe OR 1'] } })).toEqual(['free_trial = "maybe OR 1"']);
  });

  it('bounds the profile starting price per month beside the monthly price', () => {
    expect(
      buildFilter({
        priceMonthly: { max: 50 },
        startingPriceMonthly: { min: 10, minExclusive: true, max: 40 },
      }),
    ).toEqual(['price_monthly <= 50', 'starting_price_monthly > 10', 'starting_price_monthly <= 40']);
  });

  it('leaves out excluded ids and appends extra clauses', () => {
    expect(buildFilter({ excludeIds: ['1', '2', '1'] }, ['id != "9"'])).toEqual([
      'id != "1"',
      'id != "2"',
      'id != "9"',
    ]);
    expect(buildFilter({})).toEqual([]);
  });
});

describe('sortRules', () => {
  it('maps the port order to Meilisearch sort rules with name as tie-break', () => {
    expect(sortRules('price_asc', 'x')).toEqual(['price_monthly:asc', 'name:asc']);
    expect(sortRules('price_desc', '')).toEqual(['price_monthly:desc', 'name:asc']);
    expect(sortRules('name', 'x')).toEqual(['name:asc']);
    expect(sortRules('newest', 'x')).toEqual(['created_at:desc', 'name:asc']);
  });

  it('ranks a query by relevance, and lists an empty query by name like the embedded engine', () => {
    expect(sortRules('relevance', 'email')).toBeUndefined();
    expect(sortRules(undefined, 'email')).toBeUndefined();
    expect(sortRules('relevance', '')).toEqual(['name:asc']);
    expect(sortRules(undefined, '')).toEqual(['name:asc']);
  });
});

describe('toSearchParams', () => {
  it('pages from 1 with a page size, 20 by default', () => {
    expect(toSearchParams(request({ query: ' email ' }))).toEqual({
      q: 'email',
      page: 1,
      hitsPerPage: 20,
      showRankingScore: true,
      matchingStrategy: 'frequency',
    });
    expect(toSearchParams(request({ query: 'x', page: 2, hitsPerPage: 5 }))).toMatchObject({
      page: 3,
      hitsPerPage: 5,
    });
    expect(toSearchParams(request({ query: 'x', page: -3, hitsPerPage: -1 }))).toMatchObject({
      page: 1,
      hitsPerPage: 0,
    });
    expect(toSearchParams(request({ query: 'x', page: 1.7, hitsPerPage: 2.5 }))).toMatchObject({
      page: 2,
      hitsPerPage: 2,
    });
  });

  it('matches by word frequency unless told otherwise', () => {
    expect(toSearchParams(request({ query: 'x' })).matchingStrategy).toBe('frequency');
    expect(toSearchParams(request({ query: 'x' }), { matchingStrategy: 'last' }).matchingStrategy).toBe(
      'last',
    );
  });

  it('carries filters, sort and facets', () => {
    const params = toSearchParams(
      request({
        filters: { role: ['Recruiter'] },
        priceMonthly: { max: 30 },
        excludeIds: ['1'],
        sort: 'price_asc',
        facets: ['provider', 'pricing', 'provider'],
      }),
    );
    expect(params.filter).toEqual(['role = "Recruiter"', 'price_monthly <= 30', 'id != "1"']);
    expect(params.sort).toEqual(['price_monthly:asc', 'name:asc']);
    expect(params.facets).toEqual(['provider', 'pricing']);
    expect(toSearchParams(request({ query: '' })).sort).toEqual(['name:asc']);
    expect(toSearchParams(request({ query: 'x' }))).not.toHaveProperty('filter');
  });

  it('asks for highlights with the sentinel tags only when there is a query to mark', () => {
    expect(toSearchParams(request({ query: 'email', highlight: true }))).toMatchObject({
      attributesToHighlight: ['name', 'role', 'category', 'description', 'provider'],
      highlightPreTag: '\u0001',
      highlightPostTag: '\u0002',
    });
    expect(toSearchParams(request({ query: '', highlight: true }))).not.toHaveProperty(
      'attributesToHighlight',
    );
    expect(toSearchParams(request({ query: 'x', highlight: true, similarTo: '4' }))).not.toHaveProperty(
      'attributesToHighlight',
    );
  });

  it('makes queries hybrid when an embedder is configured', () => {
    expect(
      toSearchParams(request({ query: 'x' }), { embedder: 'default', semanticRatio: 0.3 }).hybrid,
    ).toEqual({
      embedder: 'default',
      semanticRatio: 0.3,
    });
    expect(toSearchParams(request({ query: '' }), { embedder: 'default' })).not.toHaveProperty('hybrid');
    expect(toSearchParams(request({ query: 'x' }))).not.toHaveProperty('hybrid');
  });
});

const inboxPilot = searchDocument('1', {
  name: 'InboxPilot',
  role: 'Customer Support Agent',
  category: 'Customer Service',
  description: 'Answers customer emails in Spanish and English from your help desk.',
  cost: '$29/month',
});
const unpriced = searchDocument('4', { name: 'LedgerLeaf', cost: 'Contact sales' });

describe('fromMeiliResult', () => {
  const hit = (document = inboxPilot, formatted?: Record<string, string>) => ({
    ...toStoredDocument(document),
    ...(formatted ? { _formatted: { ...toStoredDocument(document), ...formatted } } : {}),
    _rankingScore: 0.9,
  });

  it('returns the stored fields only, with a missing monthly price as null', () => {
    const response = fromMeiliResult(
      { hits: [hit(), hit(unpriced)], totalHits: 2, processingTimeMs: 3 },
      request(),
    );
    expect(response.hits.map((h) => h.document)).toEqual([inboxPilot, unpriced]);
    expect(response.hits[1]!.document.price_monthly).toBeNull();
    expect(response).toMatchObject({
      totalHits: 2,
      page: 0,
      hitsPerPage: 20,
      processingTimeMs: 3,
      facets: {},
    });
  });

  it('reports the request page (0-based) and falls back to the estimate or the hit count for totalHits', () => {
    expect(
      fromMeiliResult({ hits: [hit()], estimatedTotalHits: 40 }, request({ page: 2, hitsPerPage: 1 })),
    ).toMatchObject({ totalHits: 40, page: 2, hitsPerPage: 1 });
    expect(fromMeiliResult({ hits: [hit()] }, request()).totalHits).toBe(1);
  });

  it('returns the requested facets only, empty when Meilisearch counted no value', () => {
    const result: MeiliResult = {
      hits: [],
      totalHits: 5,
      facetDistribution: { provider: { Northwind: 2, Acme: 3 }, role: { Recruiter: 1 } },
    };
    expect(fromMeiliResult(result, request({ facets: ['provider', 'pricing'] })).facets).toEqual({
      provider: { Northwind: 2, Acme: 3 },
      pricing: {},
    });
  });

  it('cuts each facet to maxValuesPerFacet, which Meilisearch takes only as an index setting (issue 25)', () => {
    const result: MeiliResult = {
      hits: [],
      totalHits: 9,
      // As Meilisearch answers it with sortFacetValuesBy count: the most counted first.
      facetDistribution: { provider: { Acme: 4, Northwind: 3, Fenwick: 1, Zephyr: 1 } },
    };
    const asked = request({ facets: ['provider'], maxValuesPerFacet: 2, filters: { provider: ['zephyr'] } });
    expect(fromMeiliResult(result, asked).facets).toEqual({ provider: { Acme: 4, Northwind: 3, Zephyr: 1 } });
    // Unasked, every value Meilisearch answered (its own cap is the server's, settings.ts).
    expect(
      Object.keys(fromMeiliResult(result, request({ facets: ['provider'] })).facets.provider!),
    ).toHaveLength(4);
  });

  it('turns _formatted marks into highlight parts that join back into the field', () => {
    const formatted = {
      description: mark('Answers customer [emails] in [Spanish] and English from your help desk.'),
    };
    const response = fromMeiliResult(
      { hits: [hit(inboxPilot, formatted)], totalHits: 1 },
      request({ query: 'spanish emails', highlight: true }),
    );
    const highlight = response.hits[0]!.highlight!;
    const description = highlight.description!;
    expect(description.parts.filter((p) => p.match).map((p) => p.text)).toEqual(['emails', 'Spanish']);
    expect(description.parts.map((p) => p.text).join('')).toBe(inboxPilot.description);
    expect(description).toMatchObject({ matchedWords: ['spanish', 'emails'], matchLevel: 'full' });
    expect(highlight.name).toEqual({
      parts: [{ text: 'InboxPilot', match: false }],
      matchedWords: [],
      matchLevel: 'none',
    });
    expect(Object.keys(highlight).sort()).toEqual(['category', 'description', 'name', 'provider', 'role']);
    expect(response.hits[0]!.document).toEqual(inboxPilot);
  });

  it('leaves highlights out unless asked for with a query', () => {
    const formatted = { name: mark('[InboxPilot]') };
    expect(
      fromMeiliResult({ hits: [hit(inboxPilot, formatted)] }, request({ query: 'inbox' })).hits[0],
    ).not.toHaveProperty('highlight');
    expect(fromMeiliResult({ hits: [hit()] }, request({ highlight: true })).hits[0]).not.toHaveProperty(
      'highlight',
    );
  });

  it('answers an empty response in the request shape', () => {
    expect(emptyResponse(request({ page: 1, hitsPerPage: 3, facets: ['role'] }))).toEqual({
      hits: [],
      totalHits: 0,
      matchCount: 0,
      page: 1,
      hitsPerPage: 3,
      facets: { role: {} },
      processingTimeMs: 0,
    });
  });
});

describe('highlightParts', () => {
  it('splits on the sentinels and merges neighbouring parts of one kind', () => {
    expect(highlightParts(mark('[help] [desk] support'), 'help desk support')).toEqual([
      { text: 'help', match: true },
      { text: ' ', match: false },
      { text: 'desk', match: true },
      { text: ' support', match: false },
    ]);
    expect(highlightParts(mark('[Bookkee]per'), 'Bookkeeper')).toEqual([
      { text: 'Bookkee', match: true },
      { text: 'per', match: false },
    ]);
    expect(highlightParts(mark('[a][b]'), 'ab')).toEqual([{ text: 'ab', match: true }]);
  });

  it('gives the original text unmarked when the marks do not fold back into it', () => {
    expect(highlightParts(mark('[open'), 'open')).toEqual([{ text: 'open', match: false }]);
    expect(highlightParts(mark('a]b'), 'ab')).toEqual([{ text: 'ab', match: false }]);
    expect(highlightParts(mark('[changed] text'), 'original text')).toEqual([
      { text: 'original text', match: false },
    ]);
    expect(highlightParts('', '')).toEqual([{ text: '', match: false }]);
  });
});

describe('matchLevel and matchedWords', () => {
  const level = (query: string, formatted: string) => {
    const parts = highlightParts(mark(formatted), formatted.replace(/[[\]]/g, ''));
    return describeMatch(parts, matchContext(query));
  };

  it('is full when every query word matched, partial when some did, none otherwise', () => {
    expect(level('meeting notes', 'takes [meeting] [notes]')).toEqual({
      matchedWords: ['meeting', 'notes'],
      matchLevel: 'full',
    });
    expect(level('meeting notes', 'takes [meeting] minutes')).toEqual({
      matchedWords: ['meeting'],
      matchLevel: 'partial',
    });
    expect(level('meeting notes', 'takes minutes')).toEqual({ matchedWords: [], matchLevel: 'none' });
  });

  it('ignores stopwords in the query unless it has nothing else', () => {
    expect(queryTerms('Answer the EMAILS in Spanish')).toEqual(['answer', 'emails', 'spanish']);
    expect(queryTerms('the')).toEqual(['the']);
    expect(level('emails in spanish', '[emails] [Spanish]').matchLevel).toBe('full');
  });

  it('credits completions, typos within the budget and synonyms to the query word', () => {
    expect(level('bookkee', '[Bookkee]per')).toEqual({ matchedWords: ['bookkee'], matchLevel: 'full' });
    expect(level('bookkee', '[Bookkeeper]')).toEqual({ matchedWords: ['bookkee'], matchLevel: 'full' });
    expect(level('recriuter', '[Recruiter]')).toEqual({ matchedWords: ['recriuter'], matchLevel: 'full' });
    expect(level('accounting', '[Bookkeeper]')).toEqual({ matchedWords: ['accounting'], matchLevel: 'full' });
    // A marked word nothing in the query explains is still a (partial) match.
    expect(level('cat', '[Dog]')).toEqual({ matchedWords: [], matchLevel: 'partial' });
  });

  it('counts a swap of neighbouring letters as one typo', () => {
    expect(editDistance('recriuter', 'recruiter')).toBe(1);
    expect(editDistance('email', 'emails')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('typedMarks (the marks shown)', () => {
  const parts = (...pieces: Array<[string, boolean]>) => pieces.map(([text, match]) => ({ text, match }));
  const context = matchContext('customer support transl');

  it('keeps words typed, drops synonyms Meilisearch marked, and marks nothing in the category', () => {
    const marked = parts(
      ['Handles ', false],
      ['customer', true],
      [' tickets at the ', false],
      ['help desk', true],
    );
    expect(typedMarks(marked, context, 'description')).toEqual(
      parts(['Handles ', false], ['customer', true], [' tickets at the help desk', false]),
    );
    expect(typedMarks(parts(['Customer', true], [' Service', false]), context, 'category')).toEqual(
      parts(['Customer Service', false]),
    );
  });

  it('widens the completed word being typed to the whole word, and drops a mark inside a longer word', () => {
    expect(typedMarks(parts(['Transl', true], ['ates emails', false]), context, 'description')).toEqual(
      parts(['Translates', true], [' emails', false]),
    );
    expect(typedMarks(parts(['Support', true], ['Bee', false]), context, 'name')).toEqual(
      parts(['SupportBee', false]),
    );
  });
});
