import { TRUST_FIELDS } from '@agentry/domain/agent-trust';
import type { SearchDocument } from '../port';

// What a new version of a document can alter among the answers the engine keeps (issue 24: every
// catalog change emptied each worker's whole cache of answers, and the link checker changes a few
// dozen agents' site state every 25 s, so role lists and popular searches were computed again and
// again). A hit shows a document's trust signals (agent-trust.ts: verified domain, site state,
// rating, logo, provider page), but no search, filter, facet, sort or ranking of this engine reads
// them: a change to them alone alters only the answers that show the document. Any other change
// (its words, facets, price, dates) can move it into, out of or within any answer, and changes the
// statistics every score is computed from.

export type ChangeKind =
  /** Nothing any answer holds: the document as it was. */
  | 'none'
  /** Only what a hit shows: answers showing the document are stale, the others are not. */
  | 'shown'
  /** Anything search reads (or a document new to the index): any answer may change. */
  | 'ranked';

const SHOWN_ONLY: ReadonlySet<string> = new Set<string>(TRUST_FIELDS);

export function changeKind(before: SearchDocument | undefined, after: SearchDocument): ChangeKind {
  if (!before) return 'ranked';
  const was = before as unknown as Record<string, unknown>;
  const is = after as unknown as Record<string, unknown>;
  let kind: ChangeKind = 'none';
  for (const field of new Set([...Object.keys(was), ...Object.keys(is)])) {
    const [a, b] = [was[field], is[field]];
    // Values are JSON (the document's body is its JSON): equal text, equal value. A list or
    // object whose keys come in another order reads as changed, which only costs a recomputation.
    if (a === b || JSON.stringify(a) === JSON.stringify(b)) continue;
    if (!SHOWN_ONLY.has(field)) return 'ranked';
    kind = 'shown';
  }
  return kind;
}
