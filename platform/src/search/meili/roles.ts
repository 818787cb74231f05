import type { FederatedMultiSearchParams } from 'meilisearch';
import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import { type IntentContext, roleWords } from '../query/intent';
import { foldedWords } from './highlight';
import { uniqueHits } from './merge';
import { type MeiliResult, type MeiliSearchParams, quote } from './translate';

// "hire a recruiter", "bookkeeper for my shop": a query that names a role wants agents of that role
// first. The embedded engine multiplies their score (RANKING.roleNamed); here the engine runs a
// federated multi-search where the same query restricted to the named roles weighs more.

/** Federation weights of the role boost: the query restricted to the named roles, and the plain query. */
export const ROLE_BOOST = { namedRole: 1.5, query: 1.0 } as const;

/**
 * Words of role names that name no job ("Customer Support Agent", "AI Tutor"), as in the embedded
 * index (inverted-index.ts GENERIC_ROLE_WORDS): "hire an ai agent" keeps its recruiting sense.
 */
const _GENERIC_ROLE_WORDS = new Set(['ai', 'agent', 'agents']);

const stems = (text: string): string[] =>
  foldedWords(text)
    .filter((word) => !STOPWORDS.has(word))
    .map(stem);

/**
 * The roles (as stored, for an exact filter) whose every meaningful word is in the query,
 * compared after folding case and accents and stemming ("recruiters" names Recruiter).
 */
export function namedRoles(query: string, roles: Iterable<string>): string[] {
  const queryStems = new Set(stems(query));
  if (queryStems.size === 0) return [];
  const named: string[] = [];
  for (const role of roles) {
    const roleStems = stems(role);
    if (roleStems.length > 0 && roleStems.every((s) => queryStems.has(s))) named.push(role);
  }
  return named;
}

const roleContextCache = new WeakMap<readonly string[], IntentContext>();

/**
 * What the roles say about jobs, for readIntent ("hire a podcast producer": a job is named), as
 * the embedded engine reads them (query/intent.ts roleWords). Cached per list, which the engine
 * keeps for a minute (knownRoles), so a search reads the roles at most once a minute.
 */
export function roleIntentContext(roles: readonly string[]): IntentContext {
  let context = roleContextCache.get(roles);
  if (!context) {
    const { heads, words } = roleWords(roles);
    context = { isJobHead: (s) => heads.has(s), isRoleWord: (s) => words.has(s) };
    roleContextCache.set(roles, context);
  }
  return context;
}

/**
 * The role boost as two requests: a federated multi-search merging the query restricted to the
 * named roles (weight 1.5) with the plain query (weight 1.0), so agents of the named role come first
 * unless another agent is much more relevant, like the embedded engine's RANKING.roleNamed; and,
 * because federated search cannot page by page number nor count facets per query, the plain search
 * with no hits for the exact totalHits and the facets (its hits are the union of both queries' anyway).
 */
export function roleBoostSearches(
  params: MeiliSearchParams,
  roles: string[],
  indexUid: string,
): { federated: FederatedMultiSearchParams; count: MeiliSearchParams } {
  const { page, hitsPerPage, facets: _facets, ...query } = params;
  const roleClauses = roles.map((role) => `role = ${quote(role)}`);
  const baseFilter = Array.isArray(query.filter) ? query.filter : [];
  return {
    federated: {
      federation: { offset: (page - 1) * hitsPerPage, limit: hitsPerPage },
      queries: [
        {
          ...query,
          indexUid,
          filter: [...baseFilter, roleClauses.length === 1 ? roleClauses[0]! : roleClauses],
          federationOptions: { weight: ROLE_BOOST.namedRole },
        },
        { ...query, indexUid, federationOptions: { weight: ROLE_BOOST.query } },
      ],
    },
    count: { ...params, page: 1, hitsPerPage: 0, attributesToHighlight: undefined },
  };
}

/**
 * The boosted hits with the count of matches and their facets (the plain search with the match
 * floor's threshold, match-floor.ts); all hits as federation estimates them.
 */
export function mergeRoleBoost(boosted: MeiliResult, counts: MeiliResult): MeiliResult {
  return {
    // Federation returns a document found by both queries once; kept defensive all the same.
    hits: uniqueHits(boosted.hits),
    totalHits: Math.max(boosted.totalHits ?? boosted.estimatedTotalHits ?? 0, counts.totalHits ?? 0),
    matchCount: counts.totalHits,
    facetDistribution: counts.facetDistribution,
    processingTimeMs: Math.max(boosted.processingTimeMs ?? 0, counts.processingTimeMs ?? 0),
  };
}
