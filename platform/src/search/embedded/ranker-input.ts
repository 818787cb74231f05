import type { QueryPlan } from '../query/plan';
import type { QueryContext } from '../ranking/features';
import type { InvertedIndex } from './inverted-index';
import { RANKING } from './ranking-weights';
import { planSearch } from './request-plan';
import { type Candidate, candidateFeatures, queryContext } from './rerank';
import type { Scratch } from './scratch';
import { rankingWindow } from './window';

// The learned ranker's input (scripts/src/eval/ranker): a query's ranking window with each
// candidate's features, as the engine sees them before any learned order.

/**
 * What the second stage of a relevance search sees: the query's context and the engine's window
 * with each candidate's features, before any learned order (the training script's input).
 */
export function explainSearch(
  index: InvertedIndex,
  scratch: Scratch,
  query: string,
  size: number = RANKING.rerankWindow,
): {
  plan: QueryPlan;
  context: QueryContext;
  candidates: Candidate[];
  features: Float64Array[];
  floor: number;
} {
  scratch.ensure(index.capacity);
  const { text, plan, ranked, floor } = planSearch(index, scratch, query.trim(), null, false);
  const candidates = rankingWindow(index, ranked, plan, size, floor).candidates.sort(
    (a, b) => b.score - a.score || index.compareIds(a.n, b.n),
  );
  const context = queryContext(index, plan, text);
  return { plan, context, candidates, features: candidateFeatures(index, context, candidates), floor };
}
