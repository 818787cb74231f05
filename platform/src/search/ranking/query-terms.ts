import type { Alternative, QueryPlan } from '../query/plan';

// The distinct stems of a plan, numbered (slots), with each group's readings as slot lists. What a
// document holds of the query is then a small table by slot (document-terms.ts), whichever engine
// found the document: the embedded engine fills it from its word sequences, the Meilisearch adapter
// from the text of the hits it got back.

export interface SlottedAlternative {
  alternative: Alternative;
  /** One slot per stem of the reading. */
  slots: number[];
}

export interface QueryTerms {
  /** The stem of each slot. */
  stems: string[];
  /** Slot of each stem. */
  slotOf: Map<string, number>;
  /** Per group of the plan, its readings. */
  groups: SlottedAlternative[][];
}

export function queryTerms(plan: QueryPlan): QueryTerms {
  const stems: string[] = [];
  const slotOf = new Map<string, number>();
  const slot = (stem: string) => {
    let at = slotOf.get(stem);
    if (at === undefined) {
      at = stems.length;
      stems.push(stem);
      slotOf.set(stem, at);
    }
    return at;
  };
  const groups = plan.groups.map((group) =>
    group.alternatives.map((alternative) => ({ alternative, slots: alternative.stems.map(slot) })),
  );
  return { stems, slotOf, groups };
}
