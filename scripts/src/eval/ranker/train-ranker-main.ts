import fs from 'node:fs';
import path from 'node:path';
import { executeSearch } from '@agentry/platform/search/embedded/execute';
import { setFeatures } from '@agentry/platform/search/query/features';
import { FEATURE_NAMES } from '@agentry/platform/search/ranking/features';
import type { RankerFile } from '@agentry/platform/search/ranking/linear-model';
import { setRankerModel } from '@agentry/platform/search/ranking/ranker-model';
import { optionValue } from '../../cli/options';
import { readQueryFile } from '../query-file';
import { evaluate, type Qrels, type Run } from '../score';
import { foldOf } from './query-folds';
import { catalogIndex, type Example, examplesOf } from './ranker-data';
import { trainingSets, trainOption } from './training-sets';

// `tsx scripts/src/eval/ranker/train-ranker-main.ts [--out FILE] [--folds 5] [--margin 0.001] [--features a,b]
// [--start engine|intent] [--train dev,tune,train] [--held-out]`: learns the linear ranker's weights
// (platform/src/search/ranking/features.ts) by coordinate ascent on nDCG@10 of the engine's window
// of 100, on the development sets only (dev, tune half; `--train` adds the training set, training-sets.ts), with cross-validation by query, both on the
// window's order and on the whole search as it runs (floor, alternatives, related agents) against
// the engine as it runs (catalogIntent's order, which a learned order replaces). `--start intent`
// starts from catalogIntent's factors written as features (engineScore + 0.2 scoreByIntentRole +
// 0.1 scoreByIntentCategory). Only with --held-out does it score the reported half and the fresh
// sets (read once, at the end): a model is worth committing only if it helps those, not the
// development sets alone.

const root = path.resolve(__dirname, '../../../..');
const argv = process.argv.slice(2);
const TRAIN = trainingSets(root, trainOption(argv));
const ALL = [
  ...TRAIN,
  { label: 'report', queries: 'scripts/eval/own-report.tsv', qrels: 'scripts/eval/own-report.json' },
  { label: 'fresh', queries: 'scripts/eval/own-fresh.tsv', qrels: 'scripts/eval/own-fresh.json' },
  { label: 'fresh2', queries: 'scripts/eval/own-fresh2.tsv', qrels: 'scripts/eval/own-fresh2.json' },
  { label: 'fresh3', queries: 'scripts/eval/own-fresh3.tsv', qrels: 'scripts/eval/own-fresh3.json' },
  { label: 'fresh4', queries: 'scripts/eval/own-fresh4.tsv', qrels: 'scripts/eval/own-fresh4.json' },
];
const STEPS = [-1, -0.5, -0.25, -0.1, -0.05, 0.05, 0.1, 0.25, 0.5, 1];
const ROUNDS = 4;

const option = (name: string) => optionValue(argv, name);
/** How much a step must gain on the training queries to be taken (a larger margin learns less). */
const MARGIN = Number(option('margin') ?? 0.001);
/** The features that may move (default: all). */
const MOVABLE = new Set(option('features')?.split(',') ?? FEATURE_NAMES);

function ndcgAt10(example: Example, weights: Float64Array): number | null {
  const ideal = [...example.grades].sort((a, b) => b - a).slice(0, 10);
  const idcg = ideal.reduce((sum, g, r) => sum + g / Math.log2(r + 2), 0);
  if (idcg === 0) return null;
  const scored = example.candidates.map((c, i) => {
    let s = 0;
    for (let f = 0; f < weights.length; f++) s += weights[f]! * c.features[f]!;
    return { grade: c.grade, s, i };
  });
  scored.sort((a, b) => b.s - a.s || a.i - b.i);
  return scored.slice(0, 10).reduce((sum, c, r) => sum + c.grade / Math.log2(r + 2), 0) / idcg;
}

function mean(examples: Example[], weights: Float64Array): number {
  const values = examples.map((e) => ndcgAt10(e, weights)).filter((v): v is number => v !== null);
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

const START = option('start') ?? 'engine';
function baseline(): Float64Array {
  const weights = new Float64Array(FEATURE_NAMES.length);
  weights[FEATURE_NAMES.indexOf('engineScore')] = 1;
  if (START === 'intent') {
    weights[FEATURE_NAMES.indexOf('scoreByIntentRole')] = 0.2;
    weights[FEATURE_NAMES.indexOf('scoreByIntentCategory')] = 0.1;
  }
  return weights;
}

const fileOf = (weights: Float64Array, trainedWith: Record<string, unknown>): RankerFile => ({
  trainedWith,
  weights: Object.fromEntries(
    FEATURE_NAMES.map((name, i) => [name, Math.round(weights[i]! * 1000) / 1000]).filter(([, w]) => w !== 0),
  ),
});

function train(examples: Example[]): Float64Array {
  const weights = baseline();
  let best = mean(examples, weights);
  for (let round = 0; round < ROUNDS; round++) {
    let improved = false;
    for (let f = 0; f < weights.length; f++) {
      if (FEATURE_NAMES[f] === 'engineScore' || !MOVABLE.has(FEATURE_NAMES[f]!)) continue;
      for (const step of STEPS) {
        const trial = Float64Array.from(weights);
        trial[f] = trial[f]! + step;
        const value = mean(examples, trial);
        // Strictly better by a margin: ties and noise do not move a weight.
        if (value > best + MARGIN) {
          best = value;
          weights.set(trial);
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return weights;
}

const catalog = catalogIndex(path.resolve(root, '../shared/data/agents.json'));
const examples = TRAIN.flatMap((set) =>
  examplesOf(
    catalog,
    { ...set, queries: path.resolve(root, set.queries), qrels: path.resolve(root, set.qrels) },
    100,
  ),
);
const folds = Number(option('folds') ?? 5);
const cv = { learned: [] as number[], engine: [] as number[], whole: [] as number[], asRuns: [] as number[] };
const qrelsOf = new Map<string, Qrels>();
for (const set of TRAIN) {
  const qrels = JSON.parse(fs.readFileSync(path.resolve(root, set.qrels), 'utf8')) as Qrels;
  for (const q of qrels.queries) qrelsOf.set(q.query, { queries: [q] });
}
/** Mean nDCG@10 of the whole search on these queries, with the features in force. */
function wholeSearch(queries: string[]): number {
  const values = queries
    .map((query) => {
      const names = executeSearch(catalog.index, catalog.scratch, { query, hitsPerPage: 10 }).hits.map(
        (hit) => hit.document.name,
      );
      return evaluate({ [query]: names }, qrelsOf.get(query) ?? { queries: [] }).summary.ndcg;
    })
    .filter((v): v is number => v !== null && v !== undefined);
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}
for (let fold = 0; fold < folds; fold++) {
  const held = examples.filter((e) => foldOf(e.query, folds) === fold);
  const weights = train(examples.filter((e) => foldOf(e.query, folds) !== fold));
  cv.learned.push(mean(held, weights));
  cv.engine.push(mean(held, baseline()));
  const queries = held.map((e) => e.query);
  setFeatures({});
  cv.asRuns.push(wholeSearch(queries));
  setRankerModel(fileOf(weights, { fold }));
  setFeatures({ learnedRanking: true });
  cv.whole.push(wholeSearch(queries));
  setFeatures({});
  setRankerModel(null);
  process.stdout.write(`fold ${fold}: ${JSON.stringify(fileOf(weights, {}).weights)}\n`);
}
const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
process.stdout.write(
  `cross-validated on ${TRAIN.map((set) => set.label).join(' + ')} (${folds} folds by query, window order only): learned ${avg(cv.learned).toFixed(3)}, start (${START}) ${avg(cv.engine).toFixed(3)}\n`,
);
process.stdout.write(
  `cross-validated on ${TRAIN.map((set) => set.label).join(' + ')} (${folds} folds by query, whole search): learned ${avg(cv.whole).toFixed(3)}, engine as it runs ${avg(cv.asRuns).toFixed(3)}\n`,
);

const weights = train(examples);
const file = fileOf(weights, {
  command: 'tsx scripts/src/eval/ranker/train-ranker-main.ts',
  sets: TRAIN.map((set) => set.label),
  crossValidated: { learned: avg(cv.whole), engine: avg(cv.asRuns), folds, start: START },
  margin: MARGIN,
  features: [...MOVABLE],
});
process.stdout.write(`weights: ${JSON.stringify(file.weights)}\n`);
const out = option('out');
if (out)
  fs.writeFileSync(
    path.resolve(process.env.INIT_CWD ?? process.cwd(), out),
    `${JSON.stringify(file, null, 2)}\n`,
  );

// Every set (the held-out ones only when asked), the whole search as it runs, without and with the learned order.
const score = () =>
  ALL.filter((set) => argv.includes('--held-out') || TRAIN.includes(set))
    .map((set) => {
      const queries = readQueryFile(path.resolve(root, set.queries)).map((line) => line.query);
      const qrels = JSON.parse(fs.readFileSync(path.resolve(root, set.qrels), 'utf8')) as Qrels;
      const run: Run = {};
      for (const query of queries)
        run[query] = executeSearch(catalog.index, catalog.scratch, { query, hitsPerPage: 10 }).hits.map(
          (hit) => hit.document.name,
        );
      return `${set.label} ${evaluate(run, qrels).summary.ndcg?.toFixed(3)}`;
    })
    .join('  ');
process.stdout.write(`engine:  ${score()}\n`);
setRankerModel(file);
setFeatures({ learnedRanking: true });
process.stdout.write(`learned: ${score()}\n`);
setFeatures({});
setRankerModel(null);
