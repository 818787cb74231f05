import fs from 'node:fs';
import path from 'node:path';
import { executeSearch } from '@agentry/platform/search/embedded/execute';
import { useMeaningModel } from '@agentry/platform/search/embedded/meaning/meaning-factors';
import { setFeatures } from '@agentry/platform/search/query/features';
import { optionValue } from '../../cli/options';
import { readQueryFile } from '../query-file';
import { foldOf as foldAmong, meanWhere } from '../ranker/query-folds';
import { catalogIndex } from '../ranker/ranker-data';
import { trainingSets, trainOption } from '../ranker/training-sets';
import { evaluate, type Qrels } from '../score';
import { readTable, StaticEncoder } from './static-table';
import { cosine, unitVector, useModelLoader } from './use-model';

// Step 3 (issue 27): the distilled static encoder as session 8 measured the Universal Sentence
// Encoder (sentence-embedding-main.ts, "rerank"): inside the ranking window, the engine's matches
// (and, apart, its related agents) re-ordered by score × (1 + w·cos), cos the query's and the
// agent's static vectors; hits outside the window keep their places. Fitted on dev + the tune half
// (or --train) with 5-fold cross-validation by query (the folds of tune-feature-main.ts);
// `--held-out` then reads every held-out set once with w chosen on all of the training sets, and
// times the encoder (a query's embedding; the catalog's; memory at 100,000 agents).
//
//   tsx scripts/src/eval/static-encoder/static-rerank-main.ts --table /tmp/s38-static/table.bin [--held-out]

const root = path.resolve(__dirname, '../../../..');
const HELD_OUT = [
  { label: 'reported', queries: 'scripts/eval/own-report.tsv', qrels: 'scripts/eval/own-report.json' },
  { label: 'fresh1', queries: 'scripts/eval/own-fresh.tsv', qrels: 'scripts/eval/own-fresh.json' },
  { label: 'fresh2', queries: 'scripts/eval/own-fresh2.tsv', qrels: 'scripts/eval/own-fresh2.json' },
  { label: 'fresh3', queries: 'scripts/eval/own-fresh3.tsv', qrels: 'scripts/eval/own-fresh3.json' },
  { label: 'fresh4', queries: 'scripts/eval/own-fresh4.tsv', qrels: 'scripts/eval/own-fresh4.json' },
];
const argv = process.argv.slice(2);
const option = (name: string) => optionValue(argv, name);
const tableFile = option('table');
if (!tableFile) {
  process.stderr.write('Usage: static-rerank-main.ts --table FILE [--train dev,tune] [--held-out]\n');
  process.exit(2);
}
const folds = 5;
const WEIGHTS = [0.1, 0.3, 0.5, 1, 2, 3, 5, 10, 20];

function loadSet(set: { label: string; queries: string; qrels: string }) {
  const qrels = JSON.parse(fs.readFileSync(path.resolve(root, set.qrels), 'utf8')) as Qrels;
  return readQueryFile(path.resolve(root, set.queries)).map(({ query }) => ({
    set: set.label,
    query,
    qrels: { queries: qrels.queries.filter((q) => q.query === query) } as Qrels,
  }));
}

/** The teacher's vectors of the texts (--use: the reference run, as session 8), cached in --cache. */
async function teacherVectors(texts: string[]): Promise<Map<string, Float32Array>> {
  const cacheFile = option('cache') ?? '/tmp/s38-static/use-cache.json';
  const cache = (fs.existsSync(cacheFile) ? JSON.parse(fs.readFileSync(cacheFile, 'utf8')) : {}) as Record<
    string,
    string
  >;
  const missing = [...new Set(texts)].filter((t) => !cache[t]);
  if (missing.length) {
    const model = await useModelLoader(option('use')!)();
    for (let i = 0; i < missing.length; i += 64) {
      const batch = missing.slice(i, i + 64);
      const vectors = await model.embed(batch);
      batch.forEach((t, j) => {
        cache[t] = Buffer.from(Float32Array.from(vectors[j]!).buffer).toString('base64');
      });
    }
    fs.writeFileSync(cacheFile, JSON.stringify(cache));
  }
  return new Map(
    texts.map((t) => {
      const bytes = Buffer.from(cache[t]!, 'base64');
      return [t, unitVector(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4))];
    }),
  );
}

async function main(): Promise<void> {
  const catalog = catalogIndex(path.resolve(root, '../shared/data/agents.json'));
  const table = readTable(tableFile!);
  const encoder = new StaticEncoder(table);
  process.stdout.write(
    `table ${tableFile}: ${table.words.length} words × ${table.dims} (${JSON.stringify({ a: table.head.a, lambda: table.head.lambda })})\n`,
  );
  const agentText = catalog.agents.map((agent) =>
    [agent.name, agent.role, agent.category, agent.description].filter(Boolean).join('. '),
  );
  const zero = new Float32Array(table.dims);
  let agentVectors = agentText.map((text) => encoder.embed(text) ?? zero);

  const train = trainingSets(root, trainOption(argv)).flatMap(loadSet);
  let embedQuery = (query: string) => encoder.embed(query);
  if (option('use')) {
    const queryTexts = [...train, ...HELD_OUT.flatMap(loadSet)].map((q) => q.query);
    const vectors = await teacherVectors([...agentText, ...queryTexts]);
    agentVectors = agentText.map((t) => vectors.get(t)!);
    embedQuery = (query) => vectors.get(query);
    process.stdout.write('the teacher (USE) itself, both sides\n');
  }
  // The product's hook (embedded/meaning/): the window's order × (1 + w·cos).
  let weight = 0;
  useMeaningModel({
    factors(index, query, candidates) {
      const q = embedQuery(query);
      if (!q) return null;
      return Float64Array.from(
        candidates,
        ({ n }) => 1 + weight * cosine(q, agentVectors[Number(index.idOf(n))] ?? zero),
      );
    },
  });
  function top10(query: string, w: number): Array<{ id: string; name: string }> {
    weight = w;
    setFeatures(w === 0 ? {} : { meaning: true });
    const hits = executeSearch(catalog.index, catalog.scratch, { query, hitsPerPage: 10 }).hits;
    setFeatures({});
    return hits.map((hit) => ({ id: hit.document.id, name: hit.document.name }));
  }

  const labels = [...new Set(train.map((q) => q.set))];
  const ndcg = (q: (typeof train)[number], weight: number) =>
    evaluate({ [q.query]: top10(q.query, weight).map((h) => h.name) }, q.qrels).summary.ndcg;
  const engine = train.map((q) => ndcg(q, 0));
  const inSet = (label: string) => (i: number) => train[i]!.set === label;
  const all = () => true;
  const line = (name: string, scores: Array<number | null>) =>
    `${name}: ${labels.map((l) => `${l} ${meanWhere(scores, inSet(l)).toFixed(3)}`).join(', ')}, all ${meanWhere(scores, all).toFixed(3)}\n`;
  process.stdout.write(line('engine', engine));
  const scored = WEIGHTS.map((weight) => {
    const scores = train.map((q) => ndcg(q, weight));
    process.stdout.write(line(`static × ${weight}`, scores));
    return { weight, scores };
  });
  const held: number[] = [];
  const base: number[] = [];
  for (let fold = 0; fold < folds; fold++) {
    const fit = (i: number) => foldAmong(train[i]!.query, folds) !== fold;
    const test = (i: number) => foldAmong(train[i]!.query, folds) === fold;
    const best = scored.reduce((a, b) => (meanWhere(b.scores, fit) > meanWhere(a.scores, fit) ? b : a));
    held.push(meanWhere(best.scores, test));
    base.push(meanWhere(engine, test));
    process.stdout.write(`fold ${fold}: chose × ${best.weight}\n`);
  }
  const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  process.stdout.write(
    `cross-validated on ${labels.join(' + ')} (${folds} folds by query): ${avg(held).toFixed(3)}, engine ${avg(base).toFixed(3)}\n`,
  );
  const whole = scored.reduce((a, b) => (meanWhere(b.scores, all) > meanWhere(a.scores, all) ? b : a));
  process.stdout.write(`best on all: × ${whole.weight}\n`);
  if (argv.includes('--held-out')) readHeldOut(whole.weight);
  if (argv.includes('--held-out') || argv.includes('--cost')) cost();

  /** Every held-out set, once, with the weight chosen on all of the training sets. */
  function readHeldOut(chosen: number): void {
    process.stdout.write(`held-out sets read at ${new Date().toISOString()}\n`);
    for (const w of [0, chosen]) {
      const cells = HELD_OUT.map((set) => {
        const queries = loadSet(set);
        let unjudged = 0;
        const run: Record<string, string[]> = {};
        for (const { query, qrels } of queries) {
          const hits = top10(query, w);
          run[query] = hits.map((h) => h.name);
          const judged = new Set((qrels.queries[0]?.judgments ?? []).map((j) => String(j.index)));
          unjudged += hits.filter((h) => !judged.has(h.id)).length;
        }
        const summary = evaluate(run, { queries: queries.flatMap((q) => q.qrels.queries) }).summary;
        return `${set.label} ${summary.ndcg?.toFixed(3)} (unjudged ${unjudged})`;
      });
      process.stdout.write(`${w === 0 ? 'engine' : `static × ${w}`}: ${cells.join(', ')}\n`);
    }
  }

  /** The encoder's cost: a query's embedding (timed one at a time), the window's cosines, 100,000 agents. */
  function cost(): void {
    const queries = train.map((q) => q.query);
    const out = new Float32Array(table.dims);
    const times: number[] = [];
    for (let round = 0; round < 5; round++)
      for (const query of queries) {
        const at = performance.now();
        encoder.embed(query, out);
        times.push(performance.now() - at);
      }
    times.sort((a, b) => a - b);
    const window = new Float32Array(table.dims);
    let at = performance.now();
    for (let n = 0; n < 100; n++) cosine(window, agentVectors[n]!);
    const cosines = performance.now() - at;
    // 100,000 agents: the catalog's texts over and over, into one int8 array as an index would keep them.
    const before = process.memoryUsage().rss;
    const vectors = new Int8Array(100_000 * table.dims);
    at = performance.now();
    for (let n = 0; n < 100_000; n++) {
      const v = encoder.embed(agentText[n % agentText.length]!, out);
      if (v) for (let k = 0; k < table.dims; k++) vectors[n * table.dims + k] = Math.round(v[k]! * 127);
    }
    const agentsMs = performance.now() - at;
    const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
    process.stdout.write(
      `query embedding: p50 ${us(times[times.length >> 1]!)}, p99 ${us(times[Math.floor(times.length * 0.99)]!)} (${times.length} embeddings); 100 cosines ${us(cosines)}; 100,000 agents embedded in ${(agentsMs / 1000).toFixed(1)} s; load ${load}\n`,
    );
    process.stdout.write(
      `memory: table ${table.words.length} words × ${table.dims}: ${((table.words.length * table.dims * 4) / 1e6).toFixed(0)} MB float32 (${((table.words.length * table.dims) / 1e6).toFixed(0)} MB int8); 100,000 agents int8 ${(vectors.byteLength / 1e6).toFixed(0)} MB (rss +${((process.memoryUsage().rss - before) / 1e6).toFixed(0)} MB); rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB\n`,
    );
  }
}

void main();
