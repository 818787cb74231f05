import type { Key, KeyCreation, Meilisearch } from 'meilisearch';
import { metaIndexUid } from './checkpoint';
import { call } from './tasks';

// The two keys the processes use instead of the master key (config/role.ts), created once with it by
// `npm run meili:keys`. Meilisearch: "Only use the master key when managing API keys" and "Scope each
// key to the narrowest set of actions it needs"
// (https://www.meilisearch.com/docs/resources/self_hosting/security/master_api_keys,
// https://www.meilisearch.com/docs/capabilities/security/how_to/manage_api_keys).

/**
 * What the indexer, migrate, reindex and import do: write documents and the checkpoint, create,
 * swap and delete the rebuild's indexes, read and apply settings (migrate, and a rebuild's copy of
 * the embedders), wait for their tasks, read stats and documents (`reindex --check`), and search
 * (the start check reads the meta index with a search).
 */
export const INDEXER_ACTIONS = [
  'search',
  'documents.add',
  'documents.get',
  'documents.delete',
  'indexes.create',
  'indexes.get',
  'indexes.delete',
  'indexes.swap',
  'settings.get',
  'settings.update',
  'tasks.get',
  'stats.get',
] as const;

/** What the API does with Meilisearch: search, including the meta index its start check reads. */
export const SEARCH_ACTIONS = ['search'] as const;

export interface ScopedKeys {
  /** MEILI_API_KEY: the indexer's. */
  apiKey: string;
  /** MEILI_SEARCH_KEY: the API's. */
  searchKey: string;
  /** Names of the keys made by this call (none when both existed with the right scope). */
  created: string[];
  /** Names of keys deleted because their scope was not (or no longer) the one needed. */
  replaced: string[];
}

/**
 * The two keys' definitions for an index. The indexer's covers `${indexUid}*`: the live index, its
 * meta index and the rebuilds' `${indexUid}_rebuild_…` (rebuild.ts). Never expiring: rotation is
 * `npm run meili:keys -- --rotate`.
 */
export function keyDefinitions(indexUid: string): { indexer: KeyCreation; search: KeyCreation } {
  return {
    indexer: {
      name: `agentry-indexer-${indexUid}`,
      description: `Agentry's indexer, migrate, reindex and import: writes the ${indexUid} indexes`,
      actions: [...INDEXER_ACTIONS],
      indexes: [`${indexUid}*`],
      expiresAt: null,
    },
    search: {
      name: `agentry-search-${indexUid}`,
      description: `Agentry's API: searches ${indexUid}`,
      actions: [...SEARCH_ACTIONS],
      indexes: [indexUid, metaIndexUid(indexUid)],
      expiresAt: null,
    },
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

const fits = (key: Key, wanted: KeyCreation) =>
  sameSet(key.actions, wanted.actions) && sameSet(key.indexes, wanted.indexes) && key.expiresAt === null;

/** Every key, page by page (the default page is 20). */
async function allKeys(client: Meilisearch): Promise<Key[]> {
  const keys: Key[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await call('list API keys', () => client.getKeys({ offset, limit: 100 }));
    keys.push(...page.results);
    if (page.results.length < 100) return keys;
  }
}

/**
 * The two keys, made when missing: a key of the same name whose actions or indexes differ (an
 * older version's) is replaced, and with `rotate` both are made anew and the old ones deleted (the
 * processes then need the new values; until they get them the API answers from the store and the
 * indexer waits). Needs the master key (keys.get, keys.create, keys.delete).
 */
export async function ensureScopedKeys(
  client: Meilisearch,
  indexUid: string,
  options: { rotate?: boolean } = {},
): Promise<ScopedKeys> {
  const definitions = keyDefinitions(indexUid);
  const existing = await allKeys(client);
  const result = { created: [] as string[], replaced: [] as string[] };
  const values: Record<'indexer' | 'search', string> = { indexer: '', search: '' };
  for (const role of ['indexer', 'search'] as const) {
    const wanted = definitions[role];
    const named = existing.filter((key) => key.name === wanted.name);
    const keep = options.rotate ? undefined : named.find((key) => fits(key, wanted));
    if (keep) {
      values[role] = keep.key;
      continue;
    }
    const made = await call(`create the key ${wanted.name}`, () => client.createKey(wanted));
    values[role] = made.key;
    result.created.push(wanted.name!);
    for (const old of named) {
      await call(`delete the key ${old.uid}`, () => client.deleteKey(old.uid));
      result.replaced.push(`${old.name} (${old.uid})`);
    }
  }
  return { apiKey: values.indexer, searchKey: values.search, ...result };
}
