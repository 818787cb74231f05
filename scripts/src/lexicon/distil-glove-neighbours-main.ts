import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { stem } from '@agentry/platform/search/analysis/stem';
import { QUERY_FILLERS, STOPWORDS } from '@agentry/platform/search/analysis/stopwords';
import { wholeWords } from '@agentry/platform/search/analysis/tokenize';
import { GLOVE_PACKAGE, gloveFile, readGloveVectors, readGloveWords } from './glove-file';

// `tsx scripts/src/lexicon/distil-glove-neighbours-main.ts [--glove FILE] [--agents FILE]`: the
// other word associations measured for query expansion (BENCHMARKS.md, not kept): writes
// platform/src/search/lexicon/word-associations.json (in place of `npm run lexicon:associations`'
// WordNet file, to measure it with `npm run eval:sets -- --with associations`). For each of the most frequent English words of GloVe's
// vocabulary and each word of the catalog, its nearest words by cosine of the GloVe vectors among
// the catalog's own words (../shared/data/agents.json: words at least two agents use), at most
// NEIGHBOURS of them at or above MIN_SIMILARITY, never a word of the same stem. Each similarity is
// kept as one byte (hundredths). The 307 MB of vectors are read as a stream, never installed.

const SOURCE_WORDS = 30_000;
const NEIGHBOURS = 5;
const MIN_SIMILARITY = 0.6;
const MIN_AGENTS = 2;
const DIMENSIONS = 100;
const OUT = path.resolve(__dirname, '../../../platform/src/search/lexicon/word-associations.json');

const plain = (word: string) => /^[a-z]{3,}$/.test(word) && !STOPWORDS.has(word) && !QUERY_FILLERS.has(word);

function catalogWords(agentsFile: string): Set<string> {
  const agents = JSON.parse(fs.readFileSync(agentsFile, 'utf8')) as Array<Record<string, string>>;
  const agentsWith = new Map<string, number>();
  for (const agent of agents) {
    const text = [agent.name, agent.role, agent.category, agent.description].join(' ');
    for (const word of new Set(wholeWords(text))) agentsWith.set(word, (agentsWith.get(word) ?? 0) + 1);
  }
  return new Set([...agentsWith].filter(([word, n]) => n >= MIN_AGENTS && plain(word)).map(([word]) => word));
}

async function main(argv: string[]): Promise<void> {
  const at = argv.indexOf('--agents');
  const agentsFile = path.resolve(
    at >= 0 ? argv[at + 1]! : path.resolve(__dirname, '../../../../shared/data/agents.json'),
  );
  const catalog = catalogWords(agentsFile);
  const glove = gloveFile(argv);
  try {
    const frequent = readGloveWords(glove.file).filter(plain).slice(0, SOURCE_WORDS);
    const wanted = new Set([...frequent, ...catalog]);
    const vectors = new Map<string, Float32Array>();
    await readGloveVectors(glove.file, wanted, (word, values) => {
      const vector = Float32Array.from(values.slice(0, DIMENSIONS));
      let norm = 0;
      for (const v of vector) norm += v * v;
      norm = Math.sqrt(norm) || 1;
      for (let d = 0; d < DIMENSIONS; d++) vector[d]! /= norm;
      vectors.set(word, vector);
    });
    const targets = [...catalog].filter((word) => vectors.has(word)).sort();
    const matrix = new Float32Array(targets.length * DIMENSIONS);
    targets.forEach((word, t) => {
      matrix.set(vectors.get(word)!, t * DIMENSIONS);
    });
    const targetStems = targets.map(stem);
    const sources = [...wanted].filter((word) => vectors.has(word)).sort();
    const lines: string[] = [];
    const similarity = new Float32Array(targets.length);
    for (const source of sources) {
      const vector = vectors.get(source)!;
      const own = stem(source);
      for (let t = 0; t < targets.length; t++) {
        let dot = 0;
        const base = t * DIMENSIONS;
        for (let d = 0; d < DIMENSIONS; d++) dot += vector[d]! * matrix[base + d]!;
        similarity[t] = targetStems[t] === own ? -1 : dot;
      }
      const best: number[] = [];
      for (let t = 0; t < targets.length; t++) {
        if (similarity[t]! < MIN_SIMILARITY) continue;
        best.push(t);
        best.sort((a, b) => similarity[b]! - similarity[a]!);
        if (best.length > NEIGHBOURS) best.pop();
      }
      if (best.length === 0) continue;
      lines.push([source, ...best.map((t) => `${targets[t]}:${Math.round(similarity[t]! * 100)}`)].join(' '));
    }
    const gzipped = gzipSync(Buffer.from(lines.join('\n'), 'utf8'), { level: 9 });
    const file = {
      source: `${GLOVE_PACKAGE} (GloVe 6B, public domain, PDDL): for its ${SOURCE_WORDS} most frequent plain words and the catalog's words, the ${NEIGHBOURS} nearest catalog words at cosine ${MIN_SIMILARITY} or more`,
      catalog: path.basename(agentsFile),
      regenerate: 'tsx scripts/src/lexicon/distil-glove-neighbours-main.ts',
      format: 'gzip of lines "word neighbour:hundredths …"',
      words: lines.length,
      associationsGzipBase64: gzipped.toString('base64'),
    };
    fs.writeFileSync(OUT, `${JSON.stringify(file, null, 1)}\n`);
    process.stderr.write(
      `Wrote ${lines.length} words with neighbours among ${targets.length} catalog words (${gzipped.length} bytes gzipped) to ${OUT}\n`,
    );
  } finally {
    glove.cleanUp();
  }
}

void main(process.argv.slice(2));
