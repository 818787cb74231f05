import { searchDocument } from '../contract';
import type { SearchResponse } from '../port';
import { ResultCache, weightOf } from './result-cache';

// The engine's cache of answers: least recently used out first, by count and by weight.

const answer = (hits: number): SearchResponse => ({
  hits: Array.from({ length: hits }, (_, i) => ({ document: searchDocument(String(i)) })),
  totalHits: hits,
  matchCount: hits,
  page: 0,
  hitsPerPage: hits,
  facets: {},
  processingTimeMs: 0,
});

describe('ResultCache', () => {
  it('keeps at most its count of answers, the least recently used leaving first', () => {
    const cache = new ResultCache(2, Number.POSITIVE_INFINITY);
    const [a, b, c] = [answer(1), answer(1), answer(1)];
    cache.get({ query: 'a' }, 1);
    cache.set({ query: 'a' }, 1, a);
    cache.set({ query: 'b' }, 1, b);
    expect(cache.get({ query: 'a' }, 1)).toBe(a);
    cache.set({ query: 'c' }, 1, c);
    expect(cache.get({ query: 'b' }, 1)).toBeUndefined();
    expect(cache.get({ query: 'a' }, 1)).toBe(a);
    expect(cache.get({ query: 'c' }, 1)).toBe(c);
  });

  it('keeps answers up to its weight: pages of 100 agents push out older ones, one heavier than all is not kept', () => {
    const small = answer(20);
    const large = answer(100);
    const cache = new ResultCache(1000, weightOf(large) + weightOf(small));
    cache.get({ query: 'x' }, 1);
    cache.set({ query: 'small' }, 1, small);
    cache.set({ query: 'large' }, 1, large);
    expect(cache.size).toEqual({ entries: 2, weight: weightOf(large) + weightOf(small) });
    cache.set({ query: 'large again' }, 1, answer(100));
    expect(cache.get({ query: 'small' }, 1)).toBeUndefined();
    expect(cache.get({ query: 'large' }, 1)).toBeUndefined();
    expect(cache.size.entries).toBe(1);
    cache.set({ query: 'huge' }, 1, answer(1000));
    expect(cache.get({ query: 'huge' }, 1)).toBeUndefined();
  });

  it("weighs each hit's reasons too (why it matched)", () => {
    const plain = answer(20);
    const explained: SearchResponse = {
      ...plain,
      hits: plain.hits.map((hit) => ({
        ...hit,
        why: {
          match: true,
          matched: [{ words: 'answer customer emails', as: 'support tickets' }],
          missing: [],
        },
      })),
    };
    expect(weightOf(explained)).toBeGreaterThan(weightOf(plain) + 20 * 300);
  });

  it('forgets every answer when the index changes', () => {
    const cache = new ResultCache();
    cache.get({ query: 'a' }, 1);
    cache.set({ query: 'a' }, 1, answer(1));
    expect(cache.get({ query: 'a' }, 2)).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, weight: 0 });
  });
});
