import type { Agent } from '@agentry/domain/agent';

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

const FIELD_WEIGHTS: Array<[keyof Agent, number]> = [
  ['name', 5],
  ['role', 3],
  ['category', 2],
  ['description', 1],
  ['provider', 1],
];

export function basicMatchScore(agent: Agent, tokens: string[]): number {
  let score = 0;
  for (const token of tokens) {
    for (const [field, weight] of FIELD_WEIGHTS) {
      if (String(agent[field]).toLowerCase().includes(token)) score += weight;
    }
  }
  return score;
}

/** The best `limit` candidates by basicMatchScore (every adapter finds candidates its own way). */
export function rankBasic(candidates: Agent[], tokens: string[], limit: number): Agent[] {
  return candidates
    .map((agent) => ({ agent, score: basicMatchScore(agent, tokens) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ agent }) => agent);
}
