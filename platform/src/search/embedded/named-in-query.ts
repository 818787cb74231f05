import { stem } from '../analysis/stem';
import { readsAsName } from '../query/name-intent';
import type { QueryPlan } from '../query/plan';
import type { InvertedIndex } from './inverted-index';
import { type NameWords, wordSignature } from './name-words';
import { RANKING } from './ranking-weights';

// What a query names: an agent (its whole name, or every query word in the name) and a role
// ("hire a recruiter"); both move a document up, and the page says why.

export interface NameQuery {
  words: string[];
  key: string;
  set: Set<string>;
  /** wordSignature of the words. */
  signature: number;
  /** How many agents have the word. */
  agentsWith: (word: string) => number;
}

export const nameQuery = (index: InvertedIndex, plan: QueryPlan): NameQuery => ({
  words: plan.words,
  key: plan.words.join(' '),
  set: new Set(plan.words),
  signature: wordSignature(plan.words),
  agentsWith: (word) => index.documentFrequency(stem(word)),
});

/**
 * Whether document n's name may be boosted at all: a boost needs every name word in the query or
 * every query word in the name, and the signatures rule out both for most documents (no name
 * words are split for them: that cost 5 % of a search when done for the whole ranking window).
 */
function mayNameBoost(index: InvertedIndex, n: number, query: NameQuery): boolean {
  const { words, parts } = index.nameSignatures;
  return (words[n]! & ~query.signature) === 0 || (query.signature & ~parts[n]!) === 0;
}

/** nameBoost of document n (1 when its signatures rule a boost out). */
export function nameBoostOf(index: InvertedIndex, n: number, query: NameQuery): number {
  return mayNameBoost(index, n, query) ? nameBoost(index.nameOf(n), query) : 1;
}

export function nameBoost(entry: NameWords, query: NameQuery): number {
  const name = entry.nameWords;
  if (query.words.length === 0 || name.length === 0) return 1;
  if (query.key === entry.nameKey) return RANKING.exactName;
  if (
    entry.nameKey.length >= 3 &&
    name.every((word) => query.set.has(word)) &&
    readsAsName(name, query.words, query.agentsWith)
  )
    return RANKING.nameInQuery;
  if (query.words.every((word) => entry.nameParts.includes(word))) return RANKING.queryInName;
  return 1;
}

export interface NamedRoles {
  /** A flag per role id. */
  flags: Uint8Array;
  /** Whether any flag is set (most queries name no role: the per-hit lookup is skipped). */
  any: boolean;
}

const namedRolesOf = new WeakMap<QueryPlan, { index: InvertedIndex; roles: number; named: NamedRoles }>();

/**
 * A flag per role id: 1 when every distinctive word of the role is in the query. Worked out once
 * per plan (a search asks for it when ranking, for its window and for each hit's "why").
 */
export function rolesNamed(index: InvertedIndex, plan: QueryPlan): NamedRoles {
  const known = namedRolesOf.get(plan);
  if (known && known.index === index && known.roles === index.roleIdLimit) return known.named;
  const stems = new Set(plan.literalStems);
  const flags = new Uint8Array(index.roleIdLimit);
  let any = false;
  for (const role of index.roleEntries()) {
    if (role.stems.length > 0 && role.stems.every((s) => stems.has(s))) {
      flags[role.id] = 1;
      any = true;
    }
  }
  const named = { flags, any };
  namedRolesOf.set(plan, { index, roles: index.roleIdLimit, named });
  return named;
}
