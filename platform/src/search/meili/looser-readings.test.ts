import type { QueryGroup } from '../query/plan';
import { looseSearch, looseWord, secondTierSearch } from './looser-readings';
import { defaultFeatures, featuresOnExcept } from './testing/features';
import type { MeiliSearchParams } from './translate';

beforeEach(() => featuresOnExcept());
afterAll(defaultFeatures);

const group = (...words: string[]): QueryGroup => ({ words, meant: words, alternatives: [] });
const main: MeiliSearchParams = {
  q: 'sort support tickets from social media',
  page: 1,
  hitsPerPage: 20,
  matchingStrategy: 'frequency',
  filter: ['pricing = "paid"'],
  facets: ['role'],
  attributesToHighlight: ['name'],
  hybrid: { embedder: 'default', semanticRatio: 0.5 },
};

describe('looseWord', () => {
  it('cuts a word of 5 letters or more to its first max(4, length - 3) letters, as the embedded loose mode', () => {
    expect(looseWord('grammarly')).toBe('gramma');
    expect(looseWord('checker')).toBe('chec');
    expect(looseWord('notes')).toBe('note');
    expect(looseWord('seo')).toBe('seo');
    expect(looseWord('mail')).toBe('mail');
  });
});

describe('secondTierSearch', () => {
  const groups = [group('sort'), group('support', 'tickets'), group('social', 'media')];

  it('asks for agents matching any one part of the query, each part whole, with the main filters', () => {
    const search = secondTierSearch(main, groups, 'agents', 20)!;
    expect(search.federation).toEqual({ offset: 0, limit: 20 });
    expect(search.queries.map((query) => query.q)).toEqual(['sort', 'support tickets', 'social media']);
    for (const query of search.queries) {
      expect(query).toMatchObject({
        indexUid: 'agents',
        matchingStrategy: 'all',
        filter: ['pricing = "paid"'],
        attributesToHighlight: ['name'],
        hybrid: { embedder: 'default', semanticRatio: 0.5 },
      });
      // Federated queries take neither pages nor facets.
      expect(query).not.toHaveProperty('page');
      expect(query).not.toHaveProperty('hitsPerPage');
      expect(query).not.toHaveProperty('facets');
    }
  });

  it('is not needed for a query of one part: that is the main search again', () => {
    expect(secondTierSearch(main, [group('social', 'media')], 'agents', 20)).toBeNull();
    expect(secondTierSearch(main, [group('seo'), group('seo')], 'agents', 20)).toBeNull();
  });
});

describe('looseSearch', () => {
  it('searches each word’s beginning in a query of its own, so that each is completed as a prefix', () => {
    const search = looseSearch(
      { ...main, q: 'grammarly checker' },
      [group('grammarly'), group('checker')],
      'agents',
      5,
    )!;
    expect(search.federation).toEqual({ offset: 0, limit: 5 });
    expect(search.queries.map((query) => query.q)).toEqual(['gramma', 'chec']);
    expect(search.queries[0]).toMatchObject({
      indexUid: 'agents',
      matchingStrategy: 'all',
      filter: ['pricing = "paid"'],
    });
  });

  it('splits a phrase into its words, and is not needed when it would read the query as the main search did', () => {
    expect(looseSearch(main, [group('social', 'media')], 'agents', 5)!.queries.map((q) => q.q)).toEqual([
      'soci',
      'medi',
    ]);
    expect(looseSearch({ ...main, q: 'SEO' }, [group('seo')], 'agents', 5)).toBeNull();
    expect(looseSearch({ ...main, q: 'seo ai' }, [group('seo'), group('ai')], 'agents', 5)).not.toBeNull();
    expect(looseSearch({ ...main, q: 'the' }, [], 'agents', 5)).toBeNull();
  });
});
