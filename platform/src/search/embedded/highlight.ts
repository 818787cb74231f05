import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import { tokenize } from '../analysis/tokenize';
import { HIGHLIGHT_FIELDS, type Highlight, type HighlightFieldName, type SearchDocument } from '../port';
import type { QueryPlan } from '../query/plan';

// Marks the words of a field that matched the query: the plan's groups decide what matched (a
// synonym or a corrected typo lights up too), the tokenizer's offsets map it back onto the text.

export function highlightField(text: string, plan: QueryPlan): Highlight {
  const tokens = tokenize(text).filter((token) => !STOPWORDS.has(token.word));
  const stems = tokens.map((token) => stem(token.word));
  const present = new Set(stems);
  const matchedGroups = plan.groups.filter((group) =>
    group.alternatives.some((a) => a.stems.every((s) => present.has(s))),
  );
  const lit = new Set<string>();
  for (const group of matchedGroups) {
    for (const alternative of group.alternatives) {
      if (alternative.stems.every((s) => present.has(s))) for (const s of alternative.stems) lit.add(s);
    }
  }
  const ranges: Array<[number, number]> = [];
  tokens.forEach((token, i) => {
    if (!lit.has(stems[i]!)) return;
    const last = ranges[ranges.length - 1];
    if (last && token.start < last[1]) return; // a camel-case part inside a word already marked
    ranges.push([token.start, token.end]);
  });
  const parts: Highlight['parts'] = [];
  let cursor = 0;
  for (const [start, end] of ranges) {
    if (start > cursor) parts.push({ text: text.slice(cursor, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < text.length || parts.length === 0) parts.push({ text: text.slice(cursor), match: false });
  const matchLevel =
    matchedGroups.length === 0 ? 'none' : matchedGroups.length === plan.groups.length ? 'full' : 'partial';
  return { parts, matchedWords: matchedGroups.flatMap((group) => group.words), matchLevel };
}

export function highlightDocument(
  document: SearchDocument,
  plan: QueryPlan,
): Partial<Record<HighlightFieldName, Highlight>> {
  const result: Partial<Record<HighlightFieldName, Highlight>> = {};
  for (const field of HIGHLIGHT_FIELDS) result[field] = highlightField(String(document[field] ?? ''), plan);
  return result;
}
