import fs from 'node:fs';
import path from 'node:path';
import { STOPWORDS } from '@agentry/platform/search/analysis/stopwords';
import { wholeWords } from '@agentry/platform/search/analysis/tokenize';
import { executeSearch } from '@agentry/platform/search/embedded/execute';
import { explainSearch } from '@agentry/platform/search/embedded/ranker-input';
import {
  type Association,
  useWordAssociations,
  type WordAssociations,
} from '@agentry/platform/search/lexicon/word-associations';
import { setFeatures } from '@agentry/platform/search/query/features';
import { ASSOCIATION_LIMITS, WEIGHTS } from '@agentry/platform/search/query/plan';
import { optionValue } from '../../cli/options';
import { readQueryFile } from '../query-file';
import { evaluate, type Qrels } from '../score';
import { cosine, unitVector, useModelLoader } from '../static-encoder/use-model';
import { embeddingCache } from './embedding-cache';
import { applyMap, fitRidgeMap } from './linear-map';
import { foldOf as foldAmong, meanWhere } from './query-folds';
import { catalogIndex } from './ranker-data';

// A sentence-embedding model measured beside the engine (issue 27): Google's Universal Sentence
// Encoder, installed apart as ../static-encoder/use-model.ts says (nothing is downloaded at run
// time), its folder named:
//
//   tsx scripts/src/eval/ranker/sentence-embedding-main.ts --use /tmp/use/node_modules [--held-out]
//
// Two uses, each fitted on dev and the tune half only with 5-fold cross-validation by query (the
// folds of tune-feature-main.ts):
// (a) rerank: inside the ranking window, the engine's matches (and, apart, its related agents)
//     re-ordered by score × (1 + w·cos) or score / best + w·cos, cos the query's and the agent's
//     embeddings' cosine; hits outside the window keep their places;
// (b) expansion: a query word also matches, weakly, its nearest catalog words by the model
//     (the `associations` switch's path in query/plan.ts, its WordNet/GloVe file replaced).
// (c) wordRerank: (a) with the means of the model's word vectors instead (no model per query).
// (d) mappedRerank: (a) with the query's sentence vector guessed from its word mean by a linear
//     map fitted on the agents alone (ridge towards the identity).
// `--grids rerank,wordRerank,mappedRerank,expansion` picks the fits; `--held-out` then scores every set once with the settings chosen on all of dev + tune, and
// counts the agents nobody judged in each variant's top 10. Embeddings are cached in --cache.

const root = path.resolve(__dirname, '../../../..');
const SETS = [
  {
    label: 'dev',
    queries: '../shared/eval/dev-queries.txt',
    qrels: '../shared/eval/dev-qrels.json',
    train: true,
  },
  { label: 'tune', queries: 'scripts/eval/own-tune.tsv', qrels: 'scripts/eval/own-tune.json', train: true },
  { label: 'reported', queries: 'scripts/eval/own-report.tsv', qrels: 'scripts/eval/own-report.json' },
  { label: 'fresh1', queries: 'scripts/eval/own-fresh.tsv', qrels: 'scripts/eval/own-fresh.json' },
  { label: 'fresh2', queries: 'scripts/eval/own-fresh2.tsv', qrels: 'scripts/eval/own-fresh2.json' },
  { label: 'fresh3', queries: 'scripts/eval/own-fresh3.tsv', qrels: 'scripts/eval/own-fresh3.json' },
  { label: 'fresh4', queries: 'scripts/eval/own-fresh4.tsv', qrels: 'scripts/eval/own-fresh4.json' },
];

const argv = process.argv.slice(2);
const option = (name: string) => optionValue(argv, name);
const useDir = option('use');
if (!useDir) {
  process.stderr.write(
    'Usage: sentence-embedding-main.ts --use DIR/node_modules [--held-out] [--cache FILE]\n',
  );
  process.exit(2);
}
const cacheFile = option('cache') ?? '/tmp/rolecall-use-embeddings.json';
const folds = 5;

const initModel = useModelLoader(useDir);
const embedAll = embeddingCache(cacheFile);

async function main(): Promise<void> {
  const catalog = catalogIndex(path.resolve(root, '../shared/data/agents.json'));
  const sets = SETS.map((set) => {
    const qrels = JSON.parse(fs.readFileSync(path.resolve(root, set.qrels), 'utf8')) as Qrels;
    return {
      ...set,
      queries: readQueryFile(path.resolve(root, set.queries)).map(({ query }) => ({
        query,
        qrels: { queries: qrels.queries.filter((q) => q.query === query) } as Qrels,
      })),
    };
  });
  const started = performance.now();
  const model = await initModel();
  process.stdout.write(`model loaded in ${(performance.now() - started).toFixed(0)} ms\n`);

  const agentText = catalog.agents.map((agent) =>
    [agent.name, agent.role, agent.category, agent.description].filter(Boolean).join('. '),
  );
  const agentVectors = await embedAll(model, agentText, 'agents');
  const allQueries = sets.flatMap((set) => set.queries.map((q) => q.query));
  const queryVectors = new Map<string, Float32Array>();
  (await embedAll(model, allQueries, 'queries')).forEach((vector, i) => {
    queryVectors.set(allQueries[i]!, vector);
  });

  // The catalog's words (letters only, 3 or more), for expansion.
  const vocabulary = [
    ...new Set(
      catalog.agents.flatMap((agent) =>
        wholeWords([agent.role, agent.category, agent.description].join(' ')).filter((w) =>
          /^[a-z]{3,}$/.test(w),
        ),
      ),
    ),
  ].sort();
  const vocabularyVectors = await embedAll(model, vocabulary, 'catalog words');
  const queryWords = [...new Set(allQueries.flatMap((query) => wholeWords(query)))];
  const queryWordVectors = await embedAll(model, queryWords, 'query words');
  const nearest = new Map<string, Association[]>();
  queryWords.forEach((word, i) => {
    const scored = vocabulary
      .map((candidate, j) => ({
        word: candidate,
        similarity: cosine(queryWordVectors[i]!, vocabularyVectors[j]!),
      }))
      .filter((a) => a.word !== word)
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, 10);
    nearest.set(word, scored);
  });
  process.stdout.write(
    `${agentText.length} agents, ${allQueries.length} queries, ${vocabulary.length} catalog words, ${queryWords.length} query words\n`,
  );
  const examples = ['emails', 'contracts', 'podcast', 'invoices'].filter((w) => nearest.has(w));
  for (const word of examples)
    process.stdout.write(
      `  ${word}: ${nearest
        .get(word)!
        .slice(0, 5)
        .map((a) => `${a.word} ${a.similarity.toFixed(2)}`)
        .join(', ')}\n`,
    );
  // Word-vector means: the query's words, and each agent's role, category and description words.
  const wordVector = new Map<string, Float32Array>();
  vocabulary.forEach((word, i) => {
    wordVector.set(word, vocabularyVectors[i]!);
  });
  queryWords.forEach((word, i) => {
    wordVector.set(word, queryWordVectors[i]!);
  });
  const meanOf = (words: string[]) => {
    const sum = new Float32Array(512);
    for (const word of words) {
      if (STOPWORDS.has(word)) continue;
      const vector = wordVector.get(word);
      if (vector) for (let i = 0; i < 512; i++) sum[i]! += vector[i]!;
    }
    return unitVector(sum);
  };
  const agentWordMeans = catalog.agents.map((agent) =>
    meanOf([...new Set(wholeWords([agent.role, agent.category, agent.description].join(' ')))]),
  );
  const queryWordMeans = new Map(allQueries.map((query) => [query, meanOf(wholeWords(query))]));
  // A linear map from an agent's word-vector mean to its sentence vector, fitted on the catalog
  // alone (no query, linear-map.ts). A query's sentence vector is then guessed from its words'
  // mean without the model.
  const maps = new Map<number, Map<string, Float32Array>>();
  const mappedQueries = (lambda: number) => {
    let mapped = maps.get(lambda);
    if (mapped) return mapped;
    const w = fitRidgeMap(agentWordMeans, agentVectors, lambda, 512);
    mapped = new Map();
    for (const [query, x] of queryWordMeans) mapped.set(query, unitVector(applyMap(w, x, 512)));
    maps.set(lambda, mapped);
    return mapped;
  };
  const useAssociations: WordAssociations = { of: (word) => nearest.get(word) ?? [] };

  interface Rerank {
    kind: 'none' | 'times' | 'plus';
    weight: number;
    /** The model's sentence vectors, or the mean of its word vectors (a table read per word: no model per query). */
    vectors?: 'sentence' | 'words' | 'mapped';
    /** For 'mapped': the ridge penalty of the map (towards the identity). */
    lambda?: number;
  }
  interface Expansion {
    on: boolean;
    minSimilarity: number;
    max: number;
    weight: number;
  }
  const noRerank: Rerank = { kind: 'none', weight: 0 };
  const noExpansion: Expansion = { on: false, minSimilarity: 0, max: 0, weight: 0 };

  /** The top 10 names and ids of a query under the settings. */
  function top10(query: string, rerank: Rerank, expansion: Expansion): Array<{ id: string; name: string }> {
    if (expansion.on) {
      setFeatures({ associations: true });
      useWordAssociations(useAssociations);
      ASSOCIATION_LIMITS.minSimilarity = expansion.minSimilarity;
      ASSOCIATION_LIMITS.max = expansion.max;
      (WEIGHTS as { association: number }).association = expansion.weight;
    } else {
      setFeatures({});
    }
    // The engine's own first page as the product shows it; a longer list to re-rank from.
    const hitsPerPage = rerank.kind === 'none' ? 10 : 100;
    const hits = executeSearch(catalog.index, catalog.scratch, { query, hitsPerPage }).hits;
    let ordered = hits.map((hit) => ({
      id: hit.document.id,
      name: hit.document.name,
      match: hit.why?.match,
    }));
    if (rerank.kind !== 'none') {
      const { candidates } = explainSearch(catalog.index, catalog.scratch, query);
      const scoreOf = new Map(candidates.map((c) => [catalog.index.idOf(c.n), c.score]));
      const best = Math.max(1e-9, ...candidates.map((c) => c.score));
      const words = rerank.vectors === 'words';
      const cos = words
        ? queryWordMeans.get(query)!
        : rerank.vectors === 'mapped'
          ? mappedQueries(rerank.lambda!).get(query)!
          : queryVectors.get(query)!;
      for (const group of [true, false]) {
        const slots = ordered.flatMap((hit, i) =>
          scoreOf.has(hit.id) && Boolean(hit.match) === group ? [i] : [],
        );
        const moved = slots
          .map((slot, rank) => {
            const hit = ordered[slot]!;
            const score = scoreOf.get(hit.id)!;
            const c = cosine(cos, (words ? agentWordMeans : agentVectors)[Number(hit.id)]!);
            const value =
              rerank.kind === 'times' ? score * (1 + rerank.weight * c) : score / best + rerank.weight * c;
            return { hit, value, rank };
          })
          .sort((a, b) => b.value - a.value || a.rank - b.rank);
        const copy = [...ordered];
        slots.forEach((slot, i) => {
          copy[slot] = moved[i]!.hit;
        });
        ordered = copy;
      }
    }
    setFeatures({});
    useWordAssociations(undefined);
    return ordered.slice(0, 10);
  }

  const train = sets
    .filter((set) => set.train)
    .flatMap((set) => set.queries.map((q) => ({ ...q, set: set.label })));
  const ndcgOf = (query: { query: string; qrels: Qrels }, rerank: Rerank, expansion: Expansion) =>
    evaluate({ [query.query]: top10(query.query, rerank, expansion).map((h) => h.name) }, query.qrels).summary
      .ndcg;
  const foldOf = (query: string) => foldAmong(query, folds);
  const mean = meanWhere;

  const saved = { ...ASSOCIATION_LIMITS, association: WEIGHTS.association };
  const engine = train.map((q) => ndcgOf(q, noRerank, noExpansion));
  const all = () => true;
  const inSet = (label: string) => (i: number) => train[i]!.set === label;
  process.stdout.write(
    `engine: dev ${mean(engine, inSet('dev')).toFixed(3)}, tune ${mean(engine, inSet('tune')).toFixed(3)}, both ${mean(engine, all).toFixed(3)}\n`,
  );
  const chosen: Record<string, { rerank: Rerank; expansion: Expansion; label: string }> = {};
  const grids: Record<string, Array<{ rerank: Rerank; expansion: Expansion; label: string }>> = {
    rerank: [
      ...[0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 3, 5, 10, 20].map((weight) => ({
        rerank: { kind: 'times' as const, weight },
        expansion: noExpansion,
        label: `times ${weight}`,
      })),
      ...[0.05, 0.1, 0.2, 0.3, 0.5, 1].map((weight) => ({
        rerank: { kind: 'plus' as const, weight },
        expansion: noExpansion,
        label: `plus ${weight}`,
      })),
    ],
    // Added after the two above were read on the held-out sets (each of these once): the same
    // re-ranking with word-vector means, which needs no model per query.
    wordRerank: [0.3, 0.5, 1, 2, 3, 5, 10, 20].map((weight) => ({
      rerank: { kind: 'times' as const, weight, vectors: 'words' as const },
      expansion: noExpansion,
      label: `word means times ${weight}`,
    })),
    // Then the query's sentence vector guessed from its words by a map fitted on the catalog.
    mappedRerank: [0.1, 1, 10].flatMap((lambda) =>
      [1, 2, 3, 5, 10].map((weight) => ({
        rerank: { kind: 'times' as const, weight, vectors: 'mapped' as const, lambda },
        expansion: noExpansion,
        label: `mapped λ ${lambda} times ${weight}`,
      })),
    ),
    expansion: [0.5, 0.6, 0.7, 0.8].flatMap((minSimilarity) =>
      [1, 3].flatMap((max) =>
        [0.2, 0.35, 0.5].map((weight) => ({
          rerank: noRerank,
          expansion: { on: true, minSimilarity, max, weight },
          label: `minSimilarity ${minSimilarity} max ${max} weight ${weight}`,
        })),
      ),
    ),
  };
  const only = option('grids')?.split(',');
  for (const [name, grid] of Object.entries(grids)) {
    if (only && !only.includes(name)) continue;
    const scored = grid.map((setting) => {
      const scores = train.map((q) => ndcgOf(q, setting.rerank, setting.expansion));
      process.stdout.write(
        `${name} ${setting.label}: dev ${mean(scores, inSet('dev')).toFixed(3)}, tune ${mean(scores, inSet('tune')).toFixed(3)}, both ${mean(scores, all).toFixed(3)}\n`,
      );
      return { setting, scores };
    });
    const held: number[] = [];
    const base: number[] = [];
    for (let fold = 0; fold < folds; fold++) {
      const fit = (i: number) => foldOf(train[i]!.query) !== fold;
      const test = (i: number) => foldOf(train[i]!.query) === fold;
      const best = scored.reduce((a, b) => (mean(b.scores, fit) > mean(a.scores, fit) ? b : a));
      held.push(mean(best.scores, test));
      base.push(mean(engine, test));
      process.stdout.write(`${name} fold ${fold}: chose ${best.setting.label}\n`);
    }
    const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    process.stdout.write(
      `${name} cross-validated on dev + tune (${folds} folds by query): ${avg(held).toFixed(3)}, engine ${avg(base).toFixed(3)}\n`,
    );
    const whole = scored.reduce((a, b) => (mean(b.scores, all) > mean(a.scores, all) ? b : a));
    process.stdout.write(`${name} best on all of dev + tune: ${whole.setting.label}\n`);
    chosen[name] = whole.setting;
  }
  Object.assign(ASSOCIATION_LIMITS, { minSimilarity: saved.minSimilarity, max: saved.max });
  (WEIGHTS as { association: number }).association = saved.association;

  if (!argv.includes('--held-out')) return;
  // Every set once, with the settings chosen on all of dev + tune.
  const variants = [
    { label: 'engine', rerank: noRerank, expansion: noExpansion },
    ...Object.entries(chosen).map(([name, setting]) => ({ ...setting, label: `${name} (${setting.label})` })),
  ];
  for (const variant of variants) {
    const cells = sets.map((set) => {
      let unjudged = 0;
      const run: Record<string, string[]> = {};
      for (const { query, qrels } of set.queries) {
        const hits = top10(query, variant.rerank, variant.expansion);
        run[query] = hits.map((h) => h.name);
        const judged = new Set((qrels.queries[0]?.judgments ?? []).map((j) => String(j.index)));
        unjudged += hits.filter((h) => !judged.has(h.id)).length;
      }
      const merged: Qrels = { queries: set.queries.flatMap((q) => q.qrels.queries) };
      const summary = evaluate(run, merged).summary;
      return `${set.label} ${summary.ndcg?.toFixed(3)} (zero ${summary.zeroResultRate.toFixed(3)}, unjudged ${unjudged})`;
    });
    process.stdout.write(`${variant.label}: ${cells.join(', ')}\n`);
  }

  // Cost: one query's embedding, timed one at a time.
  const times: number[] = [];
  for (const query of allQueries.slice(0, 60)) {
    const at = performance.now();
    await model.embed([`${query} `]);
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(
    `query embedding: p50 ${times[times.length >> 1]!.toFixed(1)} ms, p99 ${times[Math.floor(times.length * 0.99)]!.toFixed(1)} ms (${times.length} queries), rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB\n`,
  );
}

void main();
