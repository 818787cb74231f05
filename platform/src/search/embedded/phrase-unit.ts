import type { QueryGroup, QueryPlan } from '../query/plan';
import { SPECIFICITY } from '../query/term-specificity';
import type { InvertedIndex } from './inverted-index';

// Whether a part of the query is one word of a phrase the catalog's agents use as a unit
// (termSpecificity's `phrase` setting, 0 as it runs): two neighbouring parts whose typed words stand
// side by side in some agent's text, and stand together in agents far more often than their
// frequencies alone would have them (lift: documents with both × documents / (with one × with the
// other)). "court rulings" or "marketing strategy" name one job in common words; the idea is that
// the catalog's own use of the pair says so where English commonness alone cannot. Measured on the
// training sets (BENCHMARKS.md, session 14): off.

/** Stems of a group's typed words that some agent has (a concept's synonyms are not what was typed). */
function typedStems(index: InvertedIndex, group: QueryGroup): string[] {
  const stems: string[] = [];
  for (const alternative of group.alternatives) {
    if (alternative.source !== 'literal' && alternative.source !== 'typo') continue;
    for (const stemmed of alternative.stems) if (index.stemId(stemmed) >= 0) stems.push(stemmed);
  }
  return stems;
}

/** Documents holding both stems, and those of them where the two stand side by side (either order). */
export function pairCounts(index: InvertedIndex, a: string, b: string): { both: number; adjacent: number } {
  const first = index.postingsOf(a);
  const second = index.postingsOf(b);
  const idA = index.stemId(a);
  const idB = index.stemId(b);
  if (!first || !second || idA < 0 || idB < 0) return { both: 0, adjacent: 0 };
  // Walk the rarer word's documents and read each one's word sequence.
  const [walk, other] = first.length <= second.length ? [first, idB] : [second, idA];
  const own = walk === first ? idA : idB;
  let both = 0;
  let adjacent = 0;
  for (let i = 0; i < walk.length; i++) {
    const entry = walk.entries[i]!;
    const n = entry < 0 ? ~entry : entry;
    if (!index.isAlive(n)) continue;
    const sequence = index.sequenceOf(n);
    let holds = false;
    let side = false;
    for (let k = 0; k < sequence.length; k++) {
      if (sequence[k] !== other) continue;
      holds = true;
      if (sequence[k - 1] === own || sequence[k + 1] === own) {
        side = true;
        break;
      }
    }
    if (holds) both += 1;
    if (side) adjacent += 1;
  }
  return { both, adjacent };
}

/**
 * For each part of a plan, whether it makes a phrase with a neighbouring part: side by side in at
 * least `phraseMinDocs` agents and together at least `phraseLift` times as often as chance.
 */
export function phraseUnits(index: InvertedIndex, plan: QueryPlan): boolean[] {
  const { phraseLift, phraseMinDocs } = SPECIFICITY;
  const documents = index.size;
  const stems = plan.groups.map((group) => typedStems(index, group));
  const units = plan.groups.map(() => false);
  for (let g = 0; g + 1 < plan.groups.length; g++) {
    for (const a of stems[g]!)
      for (const b of stems[g + 1]!) {
        if (a === b) continue;
        const { both, adjacent } = pairCounts(index, a, b);
        const lift =
          (both * documents) / Math.max(1, index.documentFrequency(a) * index.documentFrequency(b));
        if (adjacent >= phraseMinDocs && lift >= phraseLift) units[g] = units[g + 1] = true;
      }
  }
  return units;
}
