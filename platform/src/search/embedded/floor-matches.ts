import type { Ranked } from './rank-plan';
import type { Scratch } from './scratch';
import type { RelevanceOrder } from './window';

// Which ranked hits meet the match floor (ranking/match-floor.ts), counted or listed, the window's
// documents taken as the relevance order judged them.

/**
 * How many ranked hits meet the floor, window documents as the relevance order judged them: the
 * hits scoring at least the floor, corrected for the window's few documents judged otherwise (the
 * word-order check, a named product). matchesOf(…).length without reading a document's flags.
 */
export function countMatches(floor: number, scratch: Scratch, relevance: RelevanceOrder): number {
  let count = relevance.atFloor;
  for (const { n, baseScore } of relevance.window) {
    const judged = scratch.windowMatch[n] === 1;
    if (judged !== baseScore >= floor) count += judged ? 1 : -1;
  }
  return count;
}

/**
 * The ranked hits meeting the floor, into scratch.hits[1] (no catalog-sized allocation per search).
 * With a relevance order, window documents are taken as it judged them (after the word-order check).
 */
export function matchesOf(
  ranked: Ranked,
  floor: number,
  scratch: Scratch,
  relevance?: RelevanceOrder,
): Int32Array {
  const into = scratch.hits[1];
  const { hits, scores } = ranked;
  let count = 0;
  if (!relevance) {
    for (let i = 0; i < hits.length; i++) if (scores[i]! >= floor) into[count++] = hits[i]!;
    return into.subarray(0, count);
  }
  const { windowStamps, windowMatch } = scratch;
  const stamp = relevance.windowStamp;
  for (let i = 0; i < hits.length; i++) {
    const n = hits[i]!;
    const passes = windowStamps[n] === stamp ? windowMatch[n] === 1 : scores[i]! >= floor;
    if (passes) into[count++] = n;
  }
  return into.subarray(0, count);
}
