import { searchDocument } from '../contract';
import type { SearchResponse } from '../port';
import { answerKey, ResultCache, weightOf } from './result-cache';

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
    cache.set('a', a);
    cache.set('b', b);
    expect(cache.get('a')).toBe(a);
    cache.set('c', c);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(a);
    expect(cache.get('c')).toBe(c);
  });

  it('keeps answers up to its weight: pages of 100 agents push out older ones, one heavier than all is not kept', () => {
    const small = answer(20);
    const large = answer(100);
    const cache = new ResultCache(1000, weightOf(large) + weightOf(small));
    cache.set('small', small);
    cache.set('large', large);
    expect(cache.size).toEqual({ entries: 2, weight: weightOf(large) + weightOf(small) });
    cache.set('large again', answer(100));
    expect(cache.get('small')).toBeUndefined();
    expect(cache.get('large')).toBeUndefined();
    expect(cache.size.entries).toBe(1);
    cache.set('huge', answer(1000));
    expect(cache.get('huge')).toBeUndefined();
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

  it('forgets every answer when told to clear (a change any answer may show)', () => {
    const cache = new ResultCache();
    cache.set('a', answer(1));
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, weight: 0 });
  });

  it('forgets only the answers that show a changed agent, and their weight with them', () => {
    const cache = new ResultCache();
    const showsAgent7 = answer(10);
    const showsOthers = answer(5);
    cache.set('shows 7', showsAgent7);
    cache.set('shows 0-4', showsOthers);
    expect(cache.dropShowing(new Set(['7', 'not kept anywhere']))).toBe(1);
    expect(cache.get('shows 7')).toBeUndefined();
    expect(cache.get('shows 0-4')).toBe(showsOthers);
    expect(cache.size).toEqual({ entries: 1, weight: weightOf(showsOthers) });
  });

  it('keys an answer by its whole request', () => {
    expect(answerKey({ query: 'a', page: 1 })).not.toBe(answerKey({ query: 'a', page: 2 }));
    expect(answerKey({ query: 'a', page: 1 })).toBe(answerKey({ query: 'a', page: 1 }));
  });
});

describe('ResultCache keeping an answer on its second ask', () => {
  it('does not keep a key offered once, keeps it the second time, and forgets the once-asked on clear', () => {
    const cache = new ResultCache(10, Number.POSITIVE_INFINITY, { keepOnSecondAsk: true });
    const first = answer(3);
    cache.set('q', first);
    expect(cache.get('q')).toBeUndefined();
    expect(cache.size.entries).toBe(0);
    const second = answer(3);
    cache.set('q', second);
    expect(cache.get('q')).toBe(second);
    cache.set('r', answer(1));
    cache.clear();
    cache.set('r', answer(1)); // asked once before the clear: once again now
    expect(cache.get('r')).toBeUndefined();
  });

  it('remembers a bounded number of once-asked keys, the oldest forgotten first', () => {
    const cache = new ResultCache(1, Number.POSITIVE_INFINITY, { keepOnSecondAsk: true });
    for (const key of ['a', 'b', 'c', 'd', 'e']) cache.set(key, answer(1)); // 4 remembered: 'a' forgotten
    cache.set('a', answer(1));
    expect(cache.get('a')).toBeUndefined();
    const e = answer(1);
    cache.set('e', e);
    expect(cache.get('e')).toBe(e);
  });

  it('replaces a kept answer at once (a change dropped nothing, the search ran again)', () => {
    const cache = new ResultCache(10, Number.POSITIVE_INFINITY, { keepOnSecondAsk: true });
    cache.set('q', answer(1));
    cache.set('q', answer(1));
    const third = answer(2);
    cache.set('q', third);
    expect(cache.get('q')).toBe(third);
  });
});
