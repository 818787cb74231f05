import fs from 'node:fs';
import path from 'node:path';
import { CATALOG_INTENT } from '@agentry/platform/search/embedded/catalog-intent';
import { EXPANSION } from '@agentry/platform/search/embedded/document-expansion';
import { executeSearch } from '@agentry/platform/search/embedded/execute';
import { FEEDBACK_RECALL } from '@agentry/platform/search/embedded/feedback-recall';
import { LIKENESS } from '@agentry/platform/search/embedded/more-like-this';
import { RANKING } from '@agentry/platform/search/embedded/ranking-weights';
import { ROLE_FOCUS } from '@agentry/platform/search/embedded/role-focus';
import { TERM_FEEDBACK } from '@agentry/platform/search/embedded/term-feedback';
import {
  type Feature,
  INDEX_FEATURES,
  isDefaultOn,
  setFeatures,
} from '@agentry/platform/search/query/features';
import { ASSOCIATION_LIMITS } from '@agentry/platform/search/query/plan';
import { SPECIFICITY } from '@agentry/platform/search/query/term-specificity';
import { VISITOR_CONTEXT } from '@agentry/platform/search/query/visitor-context';
import { optionValue } from '../../cli/options';
import { readQueryFile } from '../query-file';
import { evaluate, type Qrels } from '../score';
import { foldOf as foldAmong, meanWhere } from './query-folds';
import { catalogIndex } from './ranker-data';
import { trainingSets, trainOption } from './training-sets';

// `tsx scripts/src/eval/ranker/tune-feature-main.ts --feature termSpecificity [--folds 5] [--train dev,tune,train]`: fits
// a ranking switch's settings (query/term-specificity.ts SPECIFICITY) over a grid on the development sets only (dev and the
// tune half), in-process on the catalog, with cross-validation by query: each fold's settings are
// the grid's best on the other folds, scored on the held-out fold, beside the engine without the
// switch. Prints nothing of any other set: the reported half and the fresh sets are scored by
// eval:ablation, with the settings chosen here.

const root = path.resolve(__dirname, '../../../..');
const TRAIN = trainingSets(root, trainOption(process.argv.slice(2)));
type Settings = Record<string, number>;
/** A grid's settings live in one object, or in several (each name set where it is found). */
const GRIDS: Record<string, { settings: Settings | Settings[]; grid: Record<string, number[]> }> = {
  termSpecificity: {
    settings: SPECIFICITY,
    grid: { fullRank: [2_000, 5_000, 20_000, 50_000, 100_000], least: [0, 0.2, 0.4, 0.6, 0.8] },
  },
  // termSpecificity only in longer queries, and with the catalog's role focus giving back what
  // English commonness took from a word agents of few roles use.
  termSpecificityCatalog: {
    settings: SPECIFICITY,
    grid: {
      fullRank: [50_000],
      least: [0],
      minGroups: [2, 3, 4],
      rescue: [0, 0.25],
      roleWords: [0, 0.25, 0.5, 1],
    },
  },
  // termSpecificity gated (session 13): only where some part is more than common English (minTop),
  // and only where catalogIntent is not already sure of the role (maxRoleConfidence; 1: always).
  termSpecificityGated: {
    settings: SPECIFICITY,
    grid: {
      fullRank: [50_000],
      least: [0],
      minTop: [0, 0.6, 0.7, 0.8],
      maxRoleConfidence: [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1],
    },
  },
  // termSpecificity with the query's head phrase (its words before the first preposition, conjunction,
  // relative word or comma) given back `headPhrase` of what commonness took (session 14).
  termSpecificityHead: {
    settings: SPECIFICITY,
    grid: { fullRank: [50_000], least: [0], minTop: [0.6], headPhrase: [0, 0.25, 0.5, 0.75, 1] },
  },
  // termSpecificity with a part that makes a phrase with its neighbour in the catalog's texts (adjacent
  // in some agent, together far above chance) given back `phrase` of what commonness took (session 14).
  termSpecificityPhrase: {
    settings: SPECIFICITY,
    grid: {
      fullRank: [50_000],
      least: [0],
      minTop: [0.6],
      phrase: [0, 0.5, 1],
      phraseLift: [2, 5, 20],
      phraseMinDocs: [1, 2],
    },
  },
  // termSpecificity where a part none of whose typed words an agent has gets back `absent` (session 14).
  termSpecificityAbsent: {
    settings: SPECIFICITY,
    grid: { fullRank: [50_000], least: [0], minTop: [0.6], absent: [0, 0.25, 0.5, 0.75, 1] },
  },
  // termSpecificity at a reduced strength: `least` is 1 − the blend (least 0.3: 70 % of the full effect).
  termSpecificityBlend: {
    settings: SPECIFICITY,
    grid: { fullRank: [50_000], least: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9] },
  },
  visitorContext: {
    settings: VISITOR_CONTEXT,
    grid: { weight: [0.2, 0.35, 0.5, 0.65, 0.8, 0.9], anyPreposition: [0] },
  },
  // The same with "any preposition opens a phrase" as a second setting (cross-validated lower: BENCHMARKS.md).
  visitorContextAnyPreposition: {
    settings: VISITOR_CONTEXT,
    grid: { weight: [0.2, 0.35, 0.5, 0.65, 0.8, 0.9], anyPreposition: [0, 1] },
  },
  // On by default: its weight 0 is the switch off (the engine line is the switch as it runs).
  roleFeedback: {
    settings: RANKING as unknown as Settings,
    grid: {
      roleFeedback: [0, 0.05, 0.1, 0.15, 0.25, 0.4],
      roleFeedbackTop: [10, 20, 40],
      roleFeedbackMinShare: [0.15, 0.25, 0.4],
    },
  },
  // Both feedbacks at once (role feedback's weight 0 is it off, word feedback's strength 0 likewise):
  // whether word feedback does better where role feedback no longer acts.
  feedback: {
    settings: [RANKING as unknown as Settings, TERM_FEEDBACK],
    grid: { roleFeedback: [0, 0.1, 0.25], top: [5, 10], words: [5, 20], strength: [0, 0.05, 0.2, 0.4] },
  },
  // The ranking window catalogIntent orders (on as it runs): its size.
  intentWindow: {
    settings: RANKING as unknown as Settings,
    grid: { rerankWindow: [50, 100, 200, 400] },
  },
  partCoverage: {
    settings: RANKING as unknown as Settings,
    grid: { partPower: [0.1, 0.25, 0.5, 0.75, 1] },
  },
  termFeedback: {
    settings: TERM_FEEDBACK,
    grid: { top: [3, 5, 10], words: [5, 10, 20], strength: [0.05, 0.1, 0.2, 0.4] },
  },
  catalogIntent: {
    settings: CATALOG_INTENT,
    grid: {
      roleStrength: [0.1, 0.2],
      categoryStrength: [0, 0.1, 0.2],
      temperature: [1, 2],
      prior: [1],
      relatedPower: [1, 10, 30, 100],
    },
  },
  // catalogIntent's settings as they run, the concept readings' share of the likelihood fitted.
  // Re-fitted on the 249 training queries (session 16): cross-validated 0.607 against 0.602, every
  // fold choosing category 0; held out not kept (BENCHMARKS.md, "Recall for jobs named in other words").
  catalogIntentRefit: {
    settings: CATALOG_INTENT,
    grid: {
      roleStrength: [0.2, 0.3, 0.4, 0.5, 0.7],
      categoryStrength: [0, 0.05, 0.1],
      temperature: [1],
      prior: [1],
      relatedPower: [10, 30],
    },
  },
  catalogIntentConcepts: {
    settings: CATALOG_INTENT,
    grid: { concepts: [0, 0.25, 0.5, 1, 2], roleStrength: [0.2, 0.3], categoryStrength: [0, 0.1] },
  },
  // Word associations (WordNet × GloVe, off): how close a word must be and how many a query word reads.
  associations: {
    settings: ASSOCIATION_LIMITS,
    grid: { minSimilarity: [0.3, 0.4, 0.5, 0.6], max: [1, 3, 5] },
  },
  roleFocus: {
    settings: ROLE_FOCUS,
    grid: { least: [0, 0.25, 0.5, 0.75], power: [0.5, 1, 2], doubt: [0, 2, 5, 10] },
  },
  // How a named product's look-alikes are found (embedded/more-like-this.ts LIKENESS; session 15).
  likeness: {
    settings: LIKENESS as unknown as Settings,
    grid: { role: [1, 2, 3, 5], category: [0, 1, 2], term: [0.3, 0.6, 1, 1.5] },
  },
  // A switch without settings (session 15): the switch on in every fold, its folds beside the engine's.
  partialName: { settings: {}, grid: {} },
  feedbackRecall: {
    settings: FEEDBACK_RECALL,
    grid: {
      minMatches: [1, 3],
      maxMatches: [5, 10],
      words: [4, 8],
      minWords: [2, 3],
      agents: [3, 5],
      after: [0, 3, 8, 20],
      maxShare: [0.02, 0.05],
    },
  },
  // Read when the index is built: the catalog is indexed again for each setting.
  docExpansion: {
    settings: EXPANSION,
    grid: { words: [3, 5, 10], weight: [0.1, 0.3, 0.6, 1, 1.5], minStrength: [0.05, 0.1, 0.15, 0.2] },
  },
};

const argv = process.argv.slice(2);
const option = (name: string) => optionValue(argv, name);
const folds = Number(option('folds') ?? 5);
const feature = option('feature') ?? '';
const tuned = GRIDS[feature];
/** The switches a grid's settings belong to. */
const VARIANT_OF: Record<string, Feature[]> = {
  termSpecificityBlend: ['termSpecificity'],
  termSpecificityCatalog: ['termSpecificity'],
  termSpecificityGated: ['termSpecificity'],
  termSpecificityHead: ['termSpecificity'],
  termSpecificityPhrase: ['termSpecificity'],
  termSpecificityAbsent: ['termSpecificity'],
  visitorContextAnyPreposition: ['visitorContext'],
  feedback: ['roleFeedback', 'termFeedback'],
  catalogIntentConcepts: ['catalogIntent'],
  catalogIntentRefit: ['catalogIntent'],
  intentWindow: ['catalogIntent'],
  likeness: ['alternatives'],
};
const switchesOf = (name: string) => VARIANT_OF[name] ?? [name as Feature];
if (!tuned) {
  process.stderr.write(`Usage: tune-feature-main.ts --feature ${Object.keys(GRIDS).join('|')} [--folds 5]\n`);
  process.exit(2);
}

const agentsFile = path.resolve(root, '../shared/data/agents.json');
let catalog = catalogIndex(agentsFile);
const indexed = switchesOf(feature).some((name) => INDEX_FEATURES.has(name));
const owners = [tuned.settings].flat();
/** Sets each named setting in the object that holds it. */
function assign(values: Settings): void {
  for (const [name, value] of Object.entries(values)) {
    const owner = owners.find((settings) => name in settings);
    if (!owner) throw new Error(`No setting "${name}" for ${feature}`);
    owner[name] = value;
  }
}
const queries = TRAIN.flatMap((set) => {
  const qrels = JSON.parse(fs.readFileSync(path.resolve(root, set.qrels), 'utf8')) as Qrels;
  return readQueryFile(path.resolve(root, set.queries)).map(({ query }) => ({
    set: set.label,
    query,
    qrels: { queries: qrels.queries.filter((q) => q.query === query) } as Qrels,
  }));
});

/** nDCG@10 of each query (null when it has no relevant agent) with the settings in force. */
function perQuery(): Array<number | null> {
  return queries.map(({ query, qrels }) => {
    const names = executeSearch(catalog.index, catalog.scratch, { query, hitsPerPage: 10 }).hits.map(
      (hit) => hit.document.name,
    );
    return evaluate({ [query]: names }, qrels).summary.ndcg;
  });
}

const foldOf = (query: string) => foldAmong(query, folds);
const mean = meanWhere;

setFeatures({});
const engine = perQuery();
const grid: Array<{ label: string; scores: Array<number | null> }> = [];
setFeatures(Object.fromEntries(switchesOf(feature).map((name) => [name, true])));
const defaults = owners.map((settings) => ({ ...settings }));
let combinations: Array<Record<string, number>> = [{}];
for (const [name, values] of Object.entries(tuned.grid))
  combinations = combinations.flatMap((done) => values.map((value) => ({ ...done, [name]: value })));
for (const combination of combinations) {
  assign(combination);
  if (indexed) catalog = catalogIndex(agentsFile);
  grid.push({
    label: Object.entries(combination)
      .map(([name, value]) => `${name} ${value}`)
      .join(' '),
    scores: perQuery(),
  });
}
for (const [i, settings] of owners.entries()) Object.assign(settings, defaults[i]);
setFeatures({});

const all = () => true;
const inSet = (label: string) => (i: number) => queries[i]!.set === label;
const trained = TRAIN.map((set) => set.label).join(' + ');
/** Each training set's mean, then all of them ("both" when they are dev and the tune half, as before). */
const bySet = (scores: Array<number | null>) =>
  [
    ...TRAIN.map((set) => `${set.label} ${mean(scores, inSet(set.label)).toFixed(3)}`),
    `${TRAIN.length === 2 ? 'both' : 'all'} ${mean(scores, all).toFixed(3)}`,
  ].join(', ');
process.stdout.write(
  `engine as it runs (${switchesOf(feature)
    .map((name) => `${name} ${isDefaultOn(name) ? 'on' : 'off'}`)
    .join(', ')}): ${bySet(engine)}\n`,
);
for (const { label, scores } of grid) process.stdout.write(`${label}: ${bySet(scores)}\n`);
const held: number[] = [];
const base: number[] = [];
for (let fold = 0; fold < folds; fold++) {
  const train = (i: number) => foldOf(queries[i]!.query) !== fold;
  const test = (i: number) => foldOf(queries[i]!.query) === fold;
  const best = grid.reduce((a, b) => (mean(b.scores, train) > mean(a.scores, train) ? b : a));
  held.push(mean(best.scores, test));
  base.push(mean(engine, test));
  process.stdout.write(`fold ${fold}: chose ${best.label}\n`);
}
const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
process.stdout.write(
  `cross-validated on ${trained} (${folds} folds by query): ${feature} ${avg(held).toFixed(3)}, engine ${avg(base).toFixed(3)}\n`,
);
const whole = grid.reduce((a, b) => (mean(b.scores, all) > mean(a.scores, all) ? b : a));
process.stdout.write(`best on all of ${trained}: ${whole.label}\n`);
