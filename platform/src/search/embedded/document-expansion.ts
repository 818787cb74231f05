import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import { FIELD_INDEX } from './word-sequences';

// Document expansion from the catalog's own co-occurrence (`docExpansion`): when an index is
// built, words that strongly go with a document's words across the catalog (an agent saying
// "invoices" and "receipts" gets "bookkeeping" if most agents saying those also say it) are added
// to it at a low weight, so a query in other words than the agent's own finds it. Only words of
// the catalog can be added; they go into the postings (scores, coverage) but not into the word
// sequence, so they are never highlighted nor read as phrases. The statistics come from the
// leading sample a bulk load reads for its field lengths (the whole catalog up to 5,000 agents)
// and are kept for later upserts.

// Settings: the grid's best on all of dev and the tune half (scripts/src/eval/ranker/tune-feature-main.ts
// --feature docExpansion: words 3–10 × weight 0.1–1.5 × strength 0.05–0.2, the catalog indexed again
// for each; dev 0.717, tune 0.770 against the engine's 0.715 and 0.764); cross-validated by query it
// scores 0.745 against the engine's 0.743 (0.749 on a coarser grid, every fold choosing words 3,
// weight 0.6, strength 0.1).
export const EXPANSION = {
  /** Words added to a document at most. */
  words: 3,
  /** An added word weighs this share of one occurrence in the description, times its strength. */
  weight: 1,
  /** A word is added when its strength (mean share of the document's words' agents that have it) reaches this. */
  minStrength: 0.1,
  /** Neighbours kept per word (the strongest), bounding the work per document. */
  neighbours: 20,
  /** Words found in more than this share of the agents say nothing of a job ("ai", "tool"). */
  maxDocumentShare: 0.1,
  /** A pair counts when at least this many agents have both words. */
  minPair: 2,
};

/**
 * The distinct stems of a document's role, category and description, without stop words: from its
 * analysed fields (analyse()), as the document is expanded before it has a word sequence.
 */
function stemsOf(fields: readonly string[][]): Set<string> {
  const stems = new Set<string>();
  for (let f = FIELD_INDEX.role; f <= FIELD_INDEX.description; f++)
    for (const word of fields[f] ?? []) if (!STOPWORDS.has(word)) stems.add(stem(word));
  return stems;
}

export class ExpansionModel {
  /** Per stem: its strongest neighbours with P(neighbour | stem). */
  private readonly neighbours = new Map<string, Array<{ stem: string; share: number }>>();

  /** Statistics of the given documents' analysed fields (INDEXED_FIELDS order). */
  constructor(sample: ReadonlyArray<readonly string[][]>) {
    const documents = sample.map(stemsOf);
    const frequency = new Map<string, number>();
    for (const stems of documents) for (const s of stems) frequency.set(s, (frequency.get(s) ?? 0) + 1);
    const most = Math.max(1, EXPANSION.maxDocumentShare * documents.length);
    const pairs = new Map<string, Map<string, number>>();
    for (const stems of documents) {
      const useful = [...stems].filter((s) => frequency.get(s)! >= EXPANSION.minPair);
      for (const a of useful) {
        let row = pairs.get(a);
        if (!row) {
          row = new Map();
          pairs.set(a, row);
        }
        for (const b of useful) if (b !== a && frequency.get(b)! <= most) row.set(b, (row.get(b) ?? 0) + 1);
      }
    }
    for (const [a, row] of pairs) {
      const total = frequency.get(a)!;
      const list = [...row]
        .filter(([, count]) => count >= EXPANSION.minPair)
        .map(([b, count]) => ({ stem: b, share: count / total }))
        .sort((x, y) => y.share - x.share || (x.stem < y.stem ? -1 : 1))
        .slice(0, EXPANSION.neighbours);
      if (list.length > 0) this.neighbours.set(a, list);
    }
  }

  /** The stems to add to a document with their strengths (best first), none it already has. */
  expand(fields: readonly string[][]): Array<{ stem: string; strength: number }> {
    const own = stemsOf(fields);
    if (own.size === 0) return [];
    const sums = new Map<string, number>();
    for (const s of own)
      for (const neighbour of this.neighbours.get(s) ?? [])
        if (!own.has(neighbour.stem))
          sums.set(neighbour.stem, (sums.get(neighbour.stem) ?? 0) + neighbour.share);
    return [...sums]
      .map(([s, sum]) => ({ stem: s, strength: sum / own.size }))
      .filter((entry) => entry.strength >= EXPANSION.minStrength)
      .sort((x, y) => y.strength - x.strength || (x.stem < y.stem ? -1 : 1))
      .slice(0, EXPANSION.words);
  }
}
