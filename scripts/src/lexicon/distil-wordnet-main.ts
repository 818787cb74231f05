import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { stem } from '@agentry/platform/search/analysis/stem';
import { QUERY_FILLERS, STOPWORDS } from '@agentry/platform/search/analysis/stopwords';
import { wholeWords } from '@agentry/platform/search/analysis/tokenize';
import { GLOVE_PACKAGE, gloveFile, readGloveVectors } from './glove-file';
import {
  type PartOfSpeech,
  readIndex,
  readSynsets,
  WORDNET_NOTICE,
  WORDNET_PACKAGE,
  wordnetDirectory,
} from './wordnet-file';

// `npm run lexicon:associations [-- --wordnet DIR] [--glove FILE] [--agents FILE]`: writes
// platform/src/search/lexicon/word-associations.json, the word associations the search may use to
// expand a query (query/plan.ts addAssociations). For every single-word lemma of WordNet, the
// catalog's words (../shared/data/agents.json) among the other words of its commonest senses
// (synonyms, SYNONYM) and of those senses' direct hypernyms (HYPERNYM), never a word of the same
// stem, each times the cosine of the two words' GloVe vectors (glove-file.ts); kept from 0.01. A query word finds its lemma by WordNet's own rules of inflection (lexicon/word-associations.ts).

const SENSES = 2;
const SYNONYM = 1;
const HYPERNYM = 0.7;
const OUT = path.resolve(__dirname, '../../../platform/src/search/lexicon/word-associations.json');
const POS: PartOfSpeech[] = ['noun', 'verb', 'adj'];

const plain = (word: string) => /^[a-z]{3,}$/.test(word) && !STOPWORDS.has(word) && !QUERY_FILLERS.has(word);

function catalogWords(agentsFile: string): Map<string, string> {
  const agents = JSON.parse(fs.readFileSync(agentsFile, 'utf8')) as Array<Record<string, string>>;
  const byStem = new Map<string, string>();
  for (const agent of agents) {
    for (const word of wholeWords([agent.name, agent.role, agent.category, agent.description].join(' '))) {
      if (plain(word) && !byStem.has(stem(word))) byStem.set(stem(word), word);
    }
  }
  return byStem;
}

/** Cosine (at least 0) of the GloVe vectors of two words of the pairs; 0 for a word GloVe lacks. */
async function gloveCosines(argv: string[], pairs: Map<string, Map<string, number>>) {
  const words = new Set<string>();
  for (const [key, of] of pairs) {
    words.add(key);
    for (const word of of.keys()) words.add(word);
  }
  const glove = gloveFile(argv);
  const vectors = new Map<string, Float32Array>();
  try {
    await readGloveVectors(glove.file, words, (word, values) => {
      const vector = Float32Array.from(values.slice(0, 100));
      const norm = Math.hypot(...vector) || 1;
      vectors.set(
        word,
        vector.map((v) => v / norm),
      );
    });
  } finally {
    glove.cleanUp();
  }
  return (a: string, b: string) => {
    const x = vectors.get(a);
    const y = vectors.get(b);
    if (!x || !y) return 0;
    let dot = 0;
    for (let d = 0; d < x.length; d++) dot += x[d]! * y[d]!;
    return Math.max(0, dot);
  };
}

async function main(argv: string[]): Promise<void> {
  const at = argv.indexOf('--agents');
  const agentsFile = path.resolve(
    at >= 0 ? argv[at + 1]! : path.resolve(__dirname, '../../../../shared/data/agents.json'),
  );
  const catalog = catalogWords(agentsFile);
  const wordnet = wordnetDirectory(argv);
  try {
    const associations = new Map<string, Map<string, number>>();
    const add = (key: string, word: string, similarity: number) => {
      const target = stem(word);
      const surface = catalog.get(target);
      if (!surface || target === stem(key)) return;
      const of = associations.get(key) ?? new Map<string, number>();
      associations.set(key, of);
      of.set(surface, Math.max(of.get(surface) ?? 0, similarity));
    };
    for (const pos of POS) {
      const synsets = readSynsets(wordnet.dir, pos);
      for (const [lemma, offsets] of readIndex(wordnet.dir, pos)) {
        if (!plain(lemma)) continue;
        const key = lemma;
        for (const offset of offsets.slice(0, SENSES)) {
          const synset = synsets.get(offset);
          if (!synset) continue;
          for (const word of synset.words) if (plain(word)) add(key, word, SYNONYM);
          for (const hypernym of synset.hypernyms)
            for (const word of synsets.get(hypernym)?.words ?? []) if (plain(word)) add(key, word, HYPERNYM);
        }
      }
    }
    // The sense check: a relation of a sense the word is seldom used in ("customer" as "traditional",
    // "contracts" as "shortens") counts as little as the two words keep company in text.
    const cosine = await gloveCosines(argv, associations);
    for (const [key, of] of associations)
      for (const [word, weight] of of) of.set(word, weight * cosine(key, word));
    const lines = [...associations]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, of]) =>
        [
          key,
          ...[...of]
            .filter(([, weight]) => weight >= 0.01)
            .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
            .map(([w, s]) => `${w}:${Math.round(s * 100)}`),
        ].join(' '),
      );
    const gzipped = gzipSync(Buffer.from(lines.join('\n'), 'utf8'), { level: 9 });
    const file = {
      source: `${WORDNET_PACKAGE} (WordNet 3.1): for each single-word lemma, the catalog's words among the synonyms (${SYNONYM}) and direct hypernyms (${HYPERNYM}) of its ${SENSES} commonest senses, times their GloVe cosine (${GLOVE_PACKAGE})`,
      licence: `${WORDNET_NOTICE} GloVe: public domain (PDDL).`,
      catalog: path.basename(agentsFile),
      regenerate: 'npm run lexicon:associations',
      format: 'gzip of lines "lemma word:hundredths …"',
      words: lines.length,
      associationsGzipBase64: gzipped.toString('base64'),
    };
    fs.writeFileSync(OUT, `${JSON.stringify(file, null, 1)}\n`);
    process.stderr.write(
      `Wrote ${lines.length} stems with associations (${gzipped.length} bytes gzipped) to ${OUT}\n`,
    );
  } finally {
    wordnet.cleanUp();
  }
}

void main(process.argv.slice(2));
