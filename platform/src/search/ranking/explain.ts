import type { MatchExplanation } from '@agentry/domain/search-match';
import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import { wholeWords } from '../analysis/tokenize';
import type { SearchDocument } from '../port';
import type { QueryGroup, QueryPlan } from '../query/plan';
import { anatomy, type GroupMatch, isTypedReading } from './anatomy';
import { CATEGORY_FIELD, type DocumentTerms, RANKED_FIELDS, ROLE_FIELD } from './document-terms';
import type { QueryTerms } from './query-terms';

// "Why this matched": the parts of the query an agent matched (as the person meant them), by which
// of its own words when they differ, and whether its role or category carried the match. Built from
// the same reading of the query the ranking used, by every engine.

export interface ExplainContext {
  /** The query as planned (framing words taken off). */
  query: string;
  plan: QueryPlan;
  terms: QueryTerms;
  /** Each group's weight: a part weighing nothing (no agent has it) is not reported missing. */
  importance: readonly number[];
}

/** The agent's first whole word whose stem is one of the reading's (its own spelling of a synonym). */
function agentWords(document: SearchDocument, fields: number, stems: readonly string[]): string | undefined {
  const wanted = new Set(stems);
  const found: string[] = [];
  for (let f = 0; f < RANKED_FIELDS.length && found.length < stems.length; f++) {
    if ((fields & (1 << f)) === 0) continue;
    for (const word of wholeWords(String(document[RANKED_FIELDS[f]!] ?? ''))) {
      if (STOPWORDS.has(word) || !wanted.has(stem(word)) || found.includes(word)) continue;
      found.push(word);
      if (found.length === stems.length) break;
    }
  }
  return found.length > 0 ? found.join(' ') : undefined;
}

function describe(
  document: SearchDocument,
  group: QueryGroup,
  match: GroupMatch,
): { words: string; as?: string } {
  const meant = group.meant.join(' ');
  const best = match.best!;
  const asMeant = group.alternatives.some(
    (a) =>
      (a.source === 'literal' || (a.source === 'typo' && a.weight >= 0.7)) &&
      a.stems.join() === best.stems.join(),
  );
  if (asMeant) return { words: meant };
  const own = agentWords(document, match.fields, best.stems);
  // The word being typed, completed: say the word it was read as.
  if (best.source === 'prefix') return { words: own ?? meant };
  return own && own !== meant ? { words: meant, as: own } : { words: meant };
}

/** A part weighing less than this share of the weightiest says little ("ai" in "an ai recruiter"). */
export const MINOR_PART = 0.15;

/** For each group, whether it weighs enough to be named in explanations and marked in highlights. */
export function notableGroups(importance: readonly number[]): boolean[] {
  const top = Math.max(0, ...importance);
  return importance.map((value) => top > 0 && value >= MINOR_PART * top);
}

export interface ExplainOptions {
  match: boolean;
  nameAsked: boolean;
  roleNamed: boolean;
  alternativeTo?: string;
}

export type Explainer = (
  document: SearchDocument,
  terms: DocumentTerms,
  options: ExplainOptions,
) => MatchExplanation;

/**
 * Explains the hits of one search: what depends on the query alone (which parts are notable, where
 * each part sits in the query) is worked out once, not again for each hit.
 */
export function explainer(context: ExplainContext): Explainer {
  const notable = notableGroups(context.importance);
  const span = groupSpans(context);
  return (document, terms, options) => explainWith(context, notable, span, document, terms, options);
}

export function explainMatch(
  context: ExplainContext,
  document: SearchDocument,
  terms: DocumentTerms,
  options: ExplainOptions,
): MatchExplanation {
  return explainer(context)(document, terms, options);
}

function explainWith(
  context: ExplainContext,
  notable: readonly boolean[],
  span: ReadonlyArray<{ start: number; end: number }>,
  document: SearchDocument,
  terms: DocumentTerms,
  options: ExplainOptions,
): MatchExplanation {
  const matches = anatomy(context.terms, terms);
  const matched: MatchExplanation['matched'] = [];
  const missing: string[] = [];
  let fields = 0;
  let lastEnd = -2;
  matches.forEach((match, g) => {
    const group = context.plan.groups[g]!;
    if (!notable[g]) return;
    if (!match.best) {
      missing.push(group.meant.join(' '));
      lastEnd = -2;
      return;
    }
    fields |= isTypedReading(match.best) ? match.typedFields : match.fields;
    const part = describe(document, group, match);
    const previous = matched[matched.length - 1];
    // Neighbouring words matched as typed read as one part: "customer emails", not "customer, emails".
    if (previous && !previous.as && !part.as && span[g]!.start === lastEnd + 1)
      previous.words = `${previous.words} ${part.words}`;
    else matched.push(part);
    lastEnd = span[g]!.end;
  });
  const why: MatchExplanation = { match: options.match, matched, missing };
  if (options.nameAsked) why.name = true;
  if (options.alternativeTo) why.alternativeTo = options.alternativeTo;
  if (options.roleNamed || fields & (1 << ROLE_FIELD)) why.role = document.role;
  else if (fields & (1 << CATEGORY_FIELD)) why.category = document.category;
  return why;
}

/** Each group's first and last word position in the query (stop words counted), -10 when not found. */
function groupSpans(context: ExplainContext): Array<{ start: number; end: number }> {
  const words = wholeWords(context.query.slice(0, 500));
  let cursor = 0;
  return context.plan.groups.map((group) => {
    const first = words.indexOf(group.words[0] ?? '', cursor);
    if (first < 0) return { start: -10, end: -10 };
    const last = group.words.length > 1 ? words.indexOf(group.words[group.words.length - 1]!, first) : first;
    cursor = first + 1;
    return { start: first, end: Math.max(first, last) };
  });
}
