import { indexWords } from '../analysis/index-words';
import { stem } from '../analysis/stem';
import { wordAssociations } from '../lexicon/word-associations';
import type { SearchDocument } from '../port';
import type { QueryGroup, QueryPlan } from '../query/plan';
import { headPhraseWords } from '../query/term-specificity';
import { type FloorHit, type FloorPart, MEANING_FLOOR, meansTheQuery } from '../ranking/match-floor';
import type { InvertedIndex } from './inverted-index';
import { groupFocuses } from './role-focus';

// What the match floor's meaning check (ranking/match-floor.ts meansTheQuery) reads of a search:
// the query's parts and what its first matches carry of them, read from the matches' own text (a
// handful of short documents per query, and only with the `meaningFloor` switch on).

/** A document's stems, every field that is searched. */
export const stemsOf = (document: SearchDocument): Set<string> =>
  new Set(
    indexWords([document.name, document.role, document.category, document.description].join(' ')).map(stem),
  );

/** Which of the query's parts a document carries, by its words, a concept or an association. */
export function carriedBy(stems: ReadonlySet<string>, groups: readonly QueryGroup[]): FloorHit {
  const associations = wordAssociations();
  const carried = groups.map((group) =>
    group.alternatives.some(
      (alternative) => alternative.source !== 'association' && alternative.stems.every((s) => stems.has(s)),
    ),
  );
  const associated = groups.map(
    (group, g) =>
      !carried[g] &&
      group.meant.some((word) => associations.of(word).some((neighbour) => stems.has(stem(neighbour.word)))),
  );
  return { carried, associated };
}

/** The facts the meaning check reads: the plan's parts and the first matches' (in order) carried parts. */
export function floorFacts(
  index: InvertedIndex,
  plan: QueryPlan,
  importance: readonly number[],
  query: string,
  firstMatches: readonly number[],
): { parts: FloorPart[]; hits: FloorHit[] } {
  const focus = groupFocuses(index, plan);
  const head = headPhraseWords(query);
  const parts = plan.groups.map((group, g) => ({
    weight: importance[g] ?? 0,
    focus: focus[g] ?? null,
    inHead: group.words.every((word) => head.has(word)),
  }));
  const hits = firstMatches.slice(0, Math.max(MEANING_FLOOR.first, MEANING_FLOOR.shareOf)).map((n) => {
    const document = index.document(n);
    return document ? carriedBy(stemsOf(document), plan.groups) : { carried: [], associated: [] };
  });
  return { parts, hits };
}

/** Whether a search's first matches carry its meaning (meansTheQuery on floorFacts). */
export function matchesMeanQuery(
  index: InvertedIndex,
  plan: QueryPlan,
  importance: readonly number[],
  query: string,
  firstMatches: readonly number[],
): boolean {
  const { parts, hits } = floorFacts(index, plan, importance, query, firstMatches);
  return meansTheQuery(parts, hits);
}
