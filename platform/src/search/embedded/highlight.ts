import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import { type Token, tokenize } from '../analysis/tokenize';
import { HIGHLIGHT_FIELDS, type Highlight, type HighlightFieldName, type SearchDocument } from '../port';
import type { QueryPlan } from '../query/plan';
import { isTypedReading } from '../ranking/anatomy';

// Marks the words of a field that carried the match, as the person typed them: the literal words,
// a corrected typo, the completion of the word being typed. Whole words only ("Reply" inside
// "ReplyRanch" is not marked), never a synonym or a related word (the "why this matched" line
// names those), and never the category, a label the person did not type.

/** Fields that are never marked. */
const UNMARKED = new Set<HighlightFieldName>(['category']);

/** The first token of each word position: whole words, not their camel-case parts. */
const wholeTokens = (tokens: Token[]) =>
  tokens.filter((token, i) => i === 0 || token.position !== tokens[i - 1]!.position);

export function highlightField(
  text: string,
  plan: QueryPlan,
  field?: HighlightFieldName,
  notable?: readonly boolean[],
): Highlight {
  const tokens = wholeTokens(tokenize(text)).filter((token) => !STOPWORDS.has(token.word));
  const stems = tokens.map((token) => stem(token.word));
  const present = new Set(stems);
  const lit = new Set<string>();
  const matchedWords: string[] = [];
  let matchedGroups = 0;
  if (!field || !UNMARKED.has(field)) {
    for (const [g, group] of plan.groups.entries()) {
      if (notable && !notable[g]) continue;
      const readings = group.alternatives.filter(
        (a) => isTypedReading(a) && a.stems.every((s) => present.has(s)),
      );
      if (readings.length === 0) continue;
      matchedGroups += 1;
      matchedWords.push(...group.words);
      for (const reading of readings) for (const s of reading.stems) lit.add(s);
    }
  }
  const parts: Highlight['parts'] = [];
  let cursor = 0;
  tokens.forEach((token, i) => {
    if (!lit.has(stems[i]!)) return;
    if (token.start > cursor) parts.push({ text: text.slice(cursor, token.start), match: false });
    parts.push({ text: text.slice(token.start, token.end), match: true });
    cursor = token.end;
  });
  if (cursor < text.length || parts.length === 0) parts.push({ text: text.slice(cursor), match: false });
  const matchLevel = matchedGroups === 0 ? 'none' : matchedGroups === plan.groups.length ? 'full' : 'partial';
  return { parts, matchedWords, matchLevel };
}

/** `notable`: the groups worth marking (explain.ts notableGroups); a word every agent has is not. */
export function highlightDocument(
  document: SearchDocument,
  plan: QueryPlan,
  notable?: readonly boolean[],
): Partial<Record<HighlightFieldName, Highlight>> {
  const result: Partial<Record<HighlightFieldName, Highlight>> = {};
  for (const field of HIGHLIGHT_FIELDS)
    result[field] = highlightField(String(document[field] ?? ''), plan, field, notable);
  return result;
}
