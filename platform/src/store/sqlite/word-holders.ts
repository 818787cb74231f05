// Which of the kept texts hold a word, remembered from one plain-matching query to the next
// (plain-match-texts.ts). A query looks for each of its words through the texts in order, a block
// at a time, until it has its candidates; the texts found holding a word, and how far they were
// looked through, are kept per word, so that the next query with that word goes on from there
// instead of looking again (at 100,000 agents, looking for five common words through the first
// 13,000 texts was 10 ms of a degraded search's 15-20, issue 24). Words repeat across a visitor's
// queries far more than whole queries do. Kept until the texts change (clear()), within a bound.

/** The most text indexes kept over all words (4 bytes each): past it the least recently used go. */
export const HOLDERS_KEPT_MAX = 1_000_000;

/** The most words kept. */
export const WORDS_KEPT_MAX = 512;

/** The texts found holding one word, ascending, and the first text not yet looked through. */
export class Holders {
  at = new Int32Array(64);
  length = 0;
  scanned = 0;

  add(index: number): void {
    if (this.length === this.at.length) {
      const grown = new Int32Array(this.at.length * 2);
      grown.set(this.at);
      this.at = grown;
    }
    this.at[this.length++] = index;
  }
}

export class WordHolders {
  /** In order of last use, the least recent first. */
  private readonly words = new Map<string, Holders>();
  private kept = 0;

  constructor(
    private readonly keptMax = HOLDERS_KEPT_MAX,
    private readonly wordsMax = WORDS_KEPT_MAX,
  ) {}

  /** Forgets every word (the texts changed). */
  clear(): void {
    this.words.clear();
    this.kept = 0;
  }

  /** How many words are kept (tests). */
  get size(): number {
    return this.words.size;
  }

  /** The word's holders, looked through at least to text `upTo`: `scan(from, to)` adds those of [from, to). */
  through(word: string, upTo: number, scan: (holders: Holders, from: number, to: number) => void): Holders {
    let holders = this.words.get(word);
    if (holders) this.words.delete(word);
    else holders = new Holders();
    this.words.set(word, holders);
    if (holders.scanned < upTo) {
      const before = holders.length;
      scan(holders, holders.scanned, upTo);
      holders.scanned = upTo;
      this.kept += holders.length - before;
    }
    return holders;
  }

  /** Lets the least recently used words go until the bounds hold, but the `keep` of the query in hand. */
  trim(keep: readonly string[]): void {
    for (const [word, holders] of this.words) {
      if (this.kept <= this.keptMax && this.words.size <= this.wordsMax) return;
      if (keep.includes(word)) continue;
      this.words.delete(word);
      this.kept -= holders.length;
    }
  }
}
