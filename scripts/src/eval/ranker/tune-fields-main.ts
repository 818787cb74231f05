import fs from 'node:fs';
import path from 'node:path';
import { executeSearch } from '@agentry/platform/search/embedded/execute';
import { FIELD_LENGTH_NORM, FIELD_WEIGHTS, INDEXED_FIELDS } from '@agentry/platform/search/embedded/fields';
import { optionValue } from '../../cli/options';
import { readQueryFile } from '../query-file';
import { evaluate, type Qrels } from '../score';
import { foldOf as foldAmong, meanWhere } from './query-folds';
import { catalogIndex } from './ranker-data';
import { trainingSets, trainOption } from './training-sets';

// `tsx scripts/src/eval/ranker/tune-fields-main.ts [--folds 5] [--passes 2] [--train dev,tune,train]`: fits BM25F's field
// weights and per-field length normalisation (embedded/fields.ts) by coordinate search on the
// development sets only (dev and the tune half), in-process on the catalog (the index is rebuilt
// for every setting tried: the weights are baked into its postings), with cross-validation by
// query: each fold's settings are those the coordinate search finds on the other folds, scored on
// the held-out fold beside the engine's own settings. Then the search is run on all of dev + tune,
// and each setting's value is printed beside what each fold chose, to tell stable ones from noise.
// Prints nothing of any other set: the reported half and the fresh sets are scored by
// eval:ablation, with the settings chosen here.

const root = path.resolve(__dirname, '../../../..');
const TRAIN = trainingSets(root, trainOption(process.argv.slice(2)));
const trained = TRAIN.map((set) => set.label).join(' + ');
type Setting = `${'weight' | 'norm'}.${(typeof INDEXED_FIELDS)[number]}`;
const GRID: Record<Setting, number[]> = {
  'weight.name': [2, 3, 4, 5, 6, 8],
  'weight.role': [1.5, 2, 3, 4, 5],
  'weight.category': [0.5, 0.75, 1.25, 2, 3],
  'weight.description': [0.5, 0.75, 1, 1.5, 2],
  'weight.provider': [0, 0.25, 0.5, 1],
  'norm.name': [0, 0.15, 0.3, 0.5, 0.75],
  'norm.role': [0, 0.2, 0.4, 0.75],
  'norm.category': [0, 0.2, 0.5],
  'norm.description': [0.3, 0.5, 0.75, 0.9, 1],
  'norm.provider': [0, 0.3, 0.75],
};
const SETTINGS = Object.keys(GRID) as Setting[];
type Values = Record<Setting, number>;

const argv = process.argv.slice(2);
const option = (name: string) => optionValue(argv, name);
const folds = Number(option('folds') ?? 5);
const passes = Number(option('passes') ?? 2);
const agentsFile = path.resolve(root, '../shared/data/agents.json');

const queries = TRAIN.flatMap((set) => {
  const qrels = JSON.parse(fs.readFileSync(path.resolve(root, set.qrels), 'utf8')) as Qrels;
  return readQueryFile(path.resolve(root, set.queries)).map(({ query }) => ({
    set: set.label,
    query,
    qrels: { queries: qrels.queries.filter((q) => q.query === query) } as Qrels,
  }));
});

const engine: Values = Object.fromEntries(
  INDEXED_FIELDS.flatMap((field) => [
    [`weight.${field}`, FIELD_WEIGHTS[field]],
    [`norm.${field}`, FIELD_LENGTH_NORM[field]],
  ]),
) as Values;
const defaults = { weights: { ...FIELD_WEIGHTS }, norms: { ...FIELD_LENGTH_NORM } };

const keyOf = (values: Values) => SETTINGS.map((name) => values[name]).join(',');
const cache = new Map<string, Array<number | null>>();

/** nDCG@10 of each query (null when it has no relevant agent) on an index built with these settings. */
function perQuery(values: Values): Array<number | null> {
  const key = keyOf(values);
  const known = cache.get(key);
  if (known) return known;
  for (const field of INDEXED_FIELDS) {
    FIELD_WEIGHTS[field] = values[`weight.${field}`];
    FIELD_LENGTH_NORM[field] = values[`norm.${field}`];
  }
  const catalog = catalogIndex(agentsFile);
  const scores = queries.map(({ query, qrels }) => {
    const names = executeSearch(catalog.index, catalog.scratch, { query, hitsPerPage: 10 }).hits.map(
      (hit) => hit.document.name,
    );
    return evaluate({ [query]: names }, qrels).summary.ndcg;
  });
  Object.assign(FIELD_WEIGHTS, defaults.weights);
  Object.assign(FIELD_LENGTH_NORM, defaults.norms);
  cache.set(key, scores);
  return scores;
}

const foldOf = (query: string) => foldAmong(query, folds);
const mean = meanWhere;

/** Coordinate search from the engine's settings: each setting in turn moved to its grid's best on `train`, ties kept. */
function coordinateSearch(train: (i: number) => boolean): Values {
  let best = { ...engine };
  let bestScore = mean(perQuery(best), train);
  for (let pass = 0; pass < passes; pass++) {
    let moved = false;
    for (const name of SETTINGS) {
      for (const value of GRID[name]) {
        if (value === best[name]) continue;
        const tried = { ...best, [name]: value };
        const score = mean(perQuery(tried), train);
        if (score > bestScore + 1e-9) {
          best = tried;
          bestScore = score;
          moved = true;
        }
      }
    }
    if (!moved) break;
  }
  return best;
}

const started = Date.now();
const all = () => true;
const inSet = (label: string) => (i: number) => queries[i]!.set === label;
const bySet = (scores: Array<number | null>) =>
  [
    ...TRAIN.map((set) => `${set.label} ${mean(scores, inSet(set.label)).toFixed(3)}`),
    `${TRAIN.length === 2 ? 'both' : 'all'} ${mean(scores, all).toFixed(3)}`,
  ].join(', ');
const base = perQuery(engine);
process.stdout.write(`engine's fields: ${bySet(base)} (${Date.now() - started} ms)\n`);
const held: number[] = [];
const heldBase: number[] = [];
const chosen: Values[] = [];
for (let fold = 0; fold < folds; fold++) {
  const train = (i: number) => foldOf(queries[i]!.query) !== fold;
  const test = (i: number) => foldOf(queries[i]!.query) === fold;
  const best = coordinateSearch(train);
  chosen.push(best);
  held.push(mean(perQuery(best), test));
  heldBase.push(mean(base, test));
  process.stdout.write(
    `fold ${fold}: held out ${mean(perQuery(best), test).toFixed(3)} (engine ${mean(base, test).toFixed(3)}); chose ${
      SETTINGS.filter((name) => best[name] !== engine[name])
        .map((name) => `${name} ${best[name]}`)
        .join(', ') || "the engine's settings"
    } [${cache.size} settings tried, ${Math.round((Date.now() - started) / 1000)} s]\n`,
  );
}
const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
process.stdout.write(
  `cross-validated on ${trained} (${folds} folds by query): fitted fields ${avg(held).toFixed(3)}, engine ${avg(heldBase).toFixed(3)}\n`,
);
const whole = coordinateSearch(all);
const scores = perQuery(whole);
process.stdout.write(`fitted on all of ${trained}: ${bySet(scores)}\n`);
for (const name of SETTINGS)
  process.stdout.write(
    `${name}: engine ${engine[name]}, all ${whole[name]}, folds ${chosen.map((values) => values[name]).join(' ')}${chosen.every((values) => values[name] === whole[name]) ? ' (stable)' : ''}\n`,
  );
