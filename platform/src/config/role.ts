import type { Env } from './env';

// What each process may hold, beyond what every process shares (env.ts). Meilisearch's own advice is
// to use the master key only to manage API keys and a key scoped to what each client does for
// everything else (https://www.meilisearch.com/docs/resources/self_hosting/security/master_api_keys,
// "Only use the master key when managing API keys"). So:
// - the API searches with MEILI_SEARCH_KEY (the action `search` only), and writes with MEILI_API_KEY
//   only when it runs the indexer itself (INDEXER=inprocess);
// - the indexer and the tools that write the index (migrate, reindex, import) use MEILI_API_KEY;
// - `npm run meili:keys` alone uses MEILI_MASTER_KEY, to create those two keys.
// Production requires each process's key; in development an unprotected Meilisearch needs none.

/** api: serves requests; indexer: writes the search index; meili-keys: creates the scoped keys. */
export type ProcessRole = 'api' | 'indexer' | 'meili-keys';

const MASTER_KEY_REFUSED =
  'is for `npm run meili:keys` only (Meilisearch: use the master key only to manage API keys): give this process';

type MeiliEnv = Pick<
  Env,
  'NODE_ENV' | 'MEILI_HOST' | 'MEILI_MASTER_KEY' | 'MEILI_API_KEY' | 'MEILI_SEARCH_KEY' | 'INDEXER'
>;

/** What the role's process lacks or must not have, each as "VARIABLE message". */
export function roleProblems(env: MeiliEnv, role: ProcessRole): string[] {
  if (role === 'meili-keys') {
    return [
      ...(env.MEILI_HOST ? [] : ['MEILI_HOST is required to create Meilisearch keys']),
      ...(env.MEILI_MASTER_KEY ? [] : ['MEILI_MASTER_KEY is required to create Meilisearch keys']),
    ];
  }
  if (!env.MEILI_HOST) return [];
  const problems: string[] = [];
  const writes = role === 'indexer' || env.INDEXER === 'inprocess';
  const needed =
    role === 'api' ? ['MEILI_SEARCH_KEY', ...(writes ? ['MEILI_API_KEY'] : [])] : ['MEILI_API_KEY'];
  if (env.MEILI_MASTER_KEY) problems.push(`MEILI_MASTER_KEY ${MASTER_KEY_REFUSED} ${needed.join(' and ')}`);
  if (env.NODE_ENV === 'production') {
    for (const name of needed as Array<'MEILI_SEARCH_KEY' | 'MEILI_API_KEY'>) {
      if (!env[name])
        problems.push(
          `${name} is required with MEILI_HOST in production (create it with \`npm run meili:keys\`)`,
        );
    }
  }
  return problems;
}

/**
 * How a process of this role talks to Meilisearch: the key it searches with, the key it writes with,
 * and whether it writes at all (an API whose indexer runs apart never does). An undefined key is
 * none: an unprotected development server.
 */
export function meiliAccessOf(
  env: Pick<Env, 'MEILI_API_KEY' | 'MEILI_SEARCH_KEY' | 'INDEXER'>,
  role: Exclude<ProcessRole, 'meili-keys'>,
): { searchKey?: string; writeKey?: string; writes: boolean } {
  const writes = role === 'indexer' || env.INDEXER === 'inprocess';
  const writeKey = writes ? env.MEILI_API_KEY : undefined;
  // The indexer's key may search too (it holds the action), so it stands in for a missing search key.
  return { searchKey: (role === 'api' ? env.MEILI_SEARCH_KEY : undefined) ?? writeKey, writeKey, writes };
}
