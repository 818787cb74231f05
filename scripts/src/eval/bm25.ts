import { stem } from '@agentry/platform/search/analysis/stem';
import { STOPWORDS } from '@agentry/platform/search/analysis/stopwords';
import { wholeWords } from '@agentry/platform/search/analysis/tokenize';

// Plain BM25 (k1 1.2, b 0.75) over each agent's name, role, category and description as one text:
// the reference every relevance figure is compared with, and one of the two systems whose top
// results make the pool that our own judged set was graded on. No synonyms, typos or names.

export interface Bm25Agent {
  name: string;
  role: string;
  category: string;
  description: string;
}

const K1 = 1.2;
const B = 0.75;

const terms = (text: string) =>
  wholeWords(text)
    .filter((word) => !STOPWORDS.has(word))
    .map(stem);

export function bm25Ranker(agents: Bm25Agent[]): (query: string, k: number) => number[] {
  const docs = agents.map((agent) => {
    const counts = new Map<string, number>();
    const words = terms(`${agent.name} ${agent.role} ${agent.category} ${agent.description}`);
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    return { counts, length: words.length };
  });
  const average = docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, docs.length);
  const frequency = new Map<string, number>();
  for (const doc of docs)
    for (const word of doc.counts.keys()) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const idf = (word: string) => {
    const n = frequency.get(word) ?? 0;
    return Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
  };
  return (query, k) => {
    const wanted = [...new Set(terms(query))];
    const scored: Array<{ index: number; score: number }> = [];
    docs.forEach((doc, index) => {
      let score = 0;
      for (const word of wanted) {
        const tf = doc.counts.get(word);
        if (!tf) continue;
        score += (idf(word) * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / average));
      }
      if (score > 0) scored.push({ index, score });
    });
    scored.sort((a, b) => b.score - a.score || a.index - b.index);
    return scored.slice(0, k).map((entry) => entry.index);
  };
}
