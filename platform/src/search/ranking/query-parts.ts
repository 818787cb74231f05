import { wholeWords } from '../analysis/tokenize';
import type { QueryPlan } from '../query/plan';

// A use case in several parts ("draft contracts and track renewal dates", "transcribe calls, score
// them, suggest tips"): the parts are what the person needs done, so an agent doing more of them
// serves more of the need. Parts are split at commas, semicolons and joining words.

const SPLIT = /[,;&\n]|\b(?:and|then|plus|also)\b/i;

export interface QueryParts {
  /** Part of each group of the plan. */
  partOf: number[];
  /** How many parts hold at least one group. */
  parts: number;
}

export function partsOf(query: string, plan: QueryPlan): QueryParts {
  const pieces = query
    .slice(0, 500)
    .split(SPLIT)
    .map((piece) => new Set(wholeWords(piece)));
  let cursor = 0;
  const raw = plan.groups.map((group) => {
    const first = group.words[0];
    for (let p = cursor; p < pieces.length; p++) {
      if (first !== undefined && pieces[p]!.has(first)) {
        cursor = p;
        return p;
      }
    }
    return cursor;
  });
  // Renumber the parts that hold groups 0, 1, 2…
  const numbers = new Map<number, number>();
  const partOf = raw.map((p) => {
    let n = numbers.get(p);
    if (n === undefined) {
      n = numbers.size;
      numbers.set(p, n);
    }
    return n;
  });
  return { partOf, parts: numbers.size };
}
