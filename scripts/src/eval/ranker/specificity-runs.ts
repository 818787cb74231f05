import fs from 'node:fs';
import path from 'node:path';
import { executeSearch } from '@agentry/platform/search/embedded/execute';
import type { InvertedIndex } from '@agentry/platform/search/embedded/inverted-index';
import { roleContext } from '@agentry/platform/search/embedded/request-plan';
import type { Scratch } from '@agentry/platform/search/embedded/scratch';
import { setFeatures } from '@agentry/platform/search/query/features';
import { readIntent } from '@agentry/platform/search/query/intent';
import { planQuery, type QueryPlan } from '@agentry/platform/search/query/plan';
import { readQueryFile } from '../query-file';
import { evaluate, type Qrels } from '../score';
import type { TrainingSet } from './training-sets';

// The query loop that phrase-signals-main.ts and gate-signals-main.ts share: for each judged
// training query, the engine's nDCG@10 with termSpecificity off and on, and the query's plan as
// the engine reads it, for the signals each script prints beside them.

export interface SpecificityRun {
  set: string;
  query: string;
  /** nDCG@10 with no feature switched on. */
  base: number;
  /** nDCG@10 with termSpecificity on (the same judgements as base, so a number when base is one). */
  withSpecificity: number | null;
  plan: QueryPlan;
}

/** nDCG@10 of the engine's first page for one query. */
function ndcgOf(catalog: { index: InvertedIndex; scratch: Scratch }, query: string, qrels: Qrels) {
  const names = executeSearch(catalog.index, catalog.scratch, { query, hitsPerPage: 10 }).hits.map(
    (hit) => hit.document.name,
  );
  return evaluate({ [query]: names }, qrels).summary.ndcg;
}

/** Each query of the sets in file order, skipping those nDCG cannot score (no judgement). */
export function* specificityRuns(
  root: string,
  catalog: { index: InvertedIndex; scratch: Scratch },
  sets: readonly TrainingSet[],
): Generator<SpecificityRun> {
  for (const set of sets) {
    const qrels = JSON.parse(fs.readFileSync(path.resolve(root, set.qrels), 'utf8')) as Qrels;
    for (const { query } of readQueryFile(path.resolve(root, set.queries))) {
      const one = { queries: qrels.queries.filter((q) => q.query === query) } as Qrels;
      setFeatures({});
      const base = ndcgOf(catalog, query, one);
      if (base === null) continue;
      setFeatures({ termSpecificity: true });
      const withSpecificity = ndcgOf(catalog, query, one);
      setFeatures({});
      const intent = readIntent(query, roleContext(catalog.index));
      const plan = planQuery(intent.text, catalog.index.vocabulary.asVocabulary(), { asYouType: true });
      yield { set: set.label, query, base, withSpecificity, plan };
    }
  }
}
