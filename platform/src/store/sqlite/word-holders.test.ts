import { type Holders, WordHolders } from './word-holders';

// The words' holders kept between plain-matching queries: looked through once, extended on demand,
// bounded. (That answers stay those of a fresh scan, through changes, is plain-match-texts.test.ts's.)

describe('the texts holding each word, kept between queries', () => {
  /** Texts 0..n, where every third holds the word; counts the texts looked through. */
  const looked: Array<[string, number, number]> = [];
  const everyThird = (word: string) => (holders: Holders, from: number, to: number) => {
    looked.push([word, from, to]);
    for (let i = from; i < to; i++) if (i % 3 === 0) holders.add(i);
  };
  beforeEach(() => {
    looked.length = 0;
  });

  it('looks through each text once per word, going on from where the last query stopped', () => {
    const words = new WordHolders();
    expect(words.through('shop', 100, everyThird('shop')).length).toBe(34);
    expect(words.through('shop', 50, everyThird('shop')).length).toBe(34);
    const holders = words.through('shop', 200, everyThird('shop'));
    expect(Array.from(holders.at.subarray(0, holders.length)).slice(32, 36)).toEqual([96, 99, 102, 105]);
    expect(holders.length).toBe(67);
    expect(looked).toEqual([
      ['shop', 0, 100],
      ['shop', 100, 200],
    ]);
    words.clear();
    words.through('shop', 100, everyThird('shop'));
    expect(looked.at(-1)).toEqual(['shop', 0, 100]);
  });

  it('lets the least recently used words go past its bounds, never those of the query in hand', () => {
    const words = new WordHolders(100, 3);
    for (const word of ['a1', 'b2', 'c3', 'd4']) words.through(word, 30, everyThird(word));
    words.through('a1', 30, everyThird('a1'));
    words.trim(['d4']);
    // Four words, three kept: b2, the least recently used, goes.
    expect(words.size).toBe(3);
    words.through('b2', 30, everyThird('b2'));
    expect(looked.filter(([word]) => word === 'b2')).toHaveLength(2);
    // 10 holders a word: past 25 in all, all but the query's own go.
    const few = new WordHolders(25, 10);
    for (const word of ['a1', 'b2', 'c3']) few.through(word, 30, everyThird(word));
    few.trim(['c3']);
    expect(few.size).toBe(2);
    few.trim(['a1', 'b2', 'c3']);
    expect(few.size).toBe(2);
  });
});
