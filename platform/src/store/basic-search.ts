import { decodeEntities } from '@agentry/domain/html-entities';
import {
  PLAIN_MATCH_FIELDS,
  type PlainMatchField,
  type PlainMatchHeld,
  type PlainMatchText,
} from './port/agents';

// The store's own plain matching, used only when the search engine cannot answer: every adapter
// finds candidates its own way and ranks them with the same score.

const STOP = new Set([
  'a',
  'an',
  'and',
  'the',
  'for',
  'of',
  'to',
  'in',
  'on',
  'with',
  'my',
  'our',
  'me',
  'i',
  'that',
  'is',
]);

export function queryTokens(query: string): string[] {
  const tokens = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 1 && !STOP.has(token));
  return [...new Set(tokens)].slice(0, 12);
}

/** The fields plain matching ranks on, in the order the store's text of an agent joins them, with their weights. */
export const FIELD_WEIGHTS: ReadonlyArray<readonly [PlainMatchField, number]> = [
  ['name', 5],
  ['role', 3],
  ['category', 2],
  ['description', 1],
  ['provider', 1],
];

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * One field's share of basicMatchScore for one token, the field being `text[start, end)` of an
 * already lowercased text: its weight when it holds the token, twice that when as a whole word
 * (bounded by the field's ends or by characters that are not letters or digits).
 */
export function fieldMatchScore(
  text: string,
  start: number,
  end: number,
  token: string,
  weight: number,
): number {
  let at = text.indexOf(token, start);
  if (at < 0 || at + token.length > end) return 0;
  for (; at >= 0 && at + token.length <= end; at = text.indexOf(token, at + 1)) {
    const before = at === start ? '' : text[at - 1]!;
    const after = at + token.length === end ? '' : text[at + token.length]!;
    if (!WORD_CHARACTER.test(before) && !WORD_CHARACTER.test(after)) return 2 * weight;
  }
  return weight;
}

/** A character of a text, '' past either end. */
const charAt = (text: string, at: number) => (at >= 0 && at < text.length ? text[at]! : '');

/**
 * The sum of fieldMatchScore over the FIELD_WEIGHTS fields for one token, the fields being the
 * parts of one lowercased text that `ends` bounds (field f ends at ends[f], the next begins one
 * character past it: a separator that is neither letter nor digit), found in one pass over the
 * text instead of one search from each field's start (each ran on through the long description:
 * ranking the plain-matching thread's 2,000 candidates took 6 ms a query at 100,000 agents, issue
 * 24). A token is letters and digits only (queryTokens), so no occurrence spans a separator.
 */
export function joinedMatchScore(text: string, ends: ArrayLike<number>, token: string): number {
  let score = 0;
  let field = 0;
  /** The current field's share so far: 0, its weight, or twice it (then the field is skipped). */
  let share = 0;
  for (let at = text.indexOf(token); at >= 0; ) {
    if (at >= ends[field]!) {
      score += share;
      share = 0;
      while (at >= ends[field]!) field++;
    }
    const weight = FIELD_WEIGHTS[field]![1];
    const start = field === 0 ? 0 : ends[field - 1]! + 1;
    const end = ends[field]!;
    if (at + token.length <= end) {
      const before = at === start ? '' : charAt(text, at - 1);
      const after = at + token.length === end ? '' : charAt(text, at + token.length);
      if (!WORD_CHARACTER.test(before) && !WORD_CHARACTER.test(after)) share = 2 * weight;
      else share = Math.max(share, weight);
    }
    // A whole word counts no more than once a field: the rest of the field is not looked at.
    at = text.indexOf(token, share === 2 * weight ? end + 1 : at + 1);
  }
  return score + share;
}

/**
 * A field's weight for each token it holds, twice when it holds the token as a whole word: asked
 * for "Ledger11", the agent of that name comes before Ledger113 and Ledger11x.
 */
export function basicMatchScore(agent: Omit<PlainMatchText, 'id'>, tokens: string[]): number {
  let score = 0;
  for (const token of tokens) {
    for (const [field, weight] of FIELD_WEIGHTS) {
      const text = String(agent[field]).toLowerCase();
      score += fieldMatchScore(text, 0, text.length, token, weight);
    }
  }
  return score;
}

/**
 * The words of `tokens` (queryTokens) that any of `texts` holds, a bit each (bit i for tokens[i]):
 * the texts already folded as the caller reads them.
 */
export function heldMask(texts: readonly string[], tokens: readonly string[]): number {
  let held = 0;
  for (let i = 0; i < tokens.length; i++) if (texts.some((text) => text.includes(tokens[i]!))) held |= 1 << i;
  return held;
}

/**
 * The query words an agent's five texts hold (heldMask), read as they are shown: entities decoded
 * (search/document.ts's documentText), without regard to case.
 */
export function heldWords(agent: Omit<PlainMatchText, 'id'>, tokens: readonly string[]): number {
  return heldMask(
    PLAIN_MATCH_FIELDS.map((field) => decodeEntities(String(agent[field])).toLowerCase()),
    tokens,
  );
}

/** searchBasicHeld's answer for ranked candidates' texts: their ids and the query words each holds. */
export function heldOfTexts(texts: readonly PlainMatchText[], tokens: readonly string[]): PlainMatchHeld {
  return {
    ids: texts.map((text) => text.id),
    held: Uint16Array.from(texts, (text) => heldWords(text, tokens)),
  };
}

/** The best `limit` candidates by basicMatchScore (every adapter finds candidates its own way). */
export function rankBasic<T extends Omit<PlainMatchText, 'id'>>(
  candidates: T[],
  tokens: string[],
  limit: number,
): T[] {
  return candidates
    .map((agent) => ({ agent, score: basicMatchScore(agent, tokens) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ agent }) => agent);
}
