// The one rule for documents the embedded engine cannot tell apart (equal scores, equal sort keys),
// wherever it orders or cuts a list: the first tier's second half and role feedback's top
// (rank-plan.ts, window.ts), the ranking window and its final order, look-alikes and alternatives
// (top-k.ts), a sort's orders (columns.ts, sorted-orders.ts). The older listing first, by agent id;
// never by the document's number, which a re-index renews (a provider's plan starting re-indexes
// its agents, and paying must never move an agent in search: the ranking policy).

/** Compares two document numbers by the rule (InvertedIndex.compareIds). */
export type EqualOrder = (a: number, b: number) => number;

const DIGITS = /^\d+$/;

/** Ids in creation order: numeric ids by value ("9" before "10"), others (ObjectIds) as text. */
export function compareAgentIds(x: string, y: string): number {
  if (x.length !== y.length && DIGITS.test(x) && DIGITS.test(y)) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}
