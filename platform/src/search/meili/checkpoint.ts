import type { Meilisearch } from 'meilisearch';
import { call, errorCode, run } from './tasks';

// What the adapter keeps beside the live index, in a companion index `${indexUid}_meta`:
// - {id: 'state', checkpoint, build?}: the change-log position the live index reflects, and which
//   rebuild filled it. Keeping it beside the data (not in DATA_DIR or the store) means wiping
//   Meilisearch's data also resets the checkpoint to 0, so the indexer resyncs everything instead of
//   trusting a position an empty index no longer reflects;
// - {id: 'settings', fingerprint, applied_at}: the settings `npm run migrate` applied (settings.ts
//   settingsFingerprint), which every process compares with its own at start (readiness.ts).
// Both are read with a search, the one action the API's key holds (config/role.ts).

export const STATE_ID = 'state';
export const SETTINGS_ID = 'settings';

export const metaIndexUid = (indexUid: string): string => `${indexUid}_meta`;

export interface StateDocument {
  id: string;
  checkpoint: number;
  /** The rebuild index whose data this checkpoint describes (rebuild.ts checks its swap with it). */
  build?: string;
}

export interface SettingsDocument {
  id: string;
  fingerprint: string;
  applied_at: string;
}

export interface IndexMeta {
  /** False when the meta index does not exist: the index was never migrated. */
  exists: boolean;
  checkpoint: number;
  build?: string;
  /** The fingerprint of the settings migrate last applied, if any. */
  settings?: string;
}

/** The meta documents, read with a search (a handful of documents, no setting needed). */
export async function readMeta(client: Meilisearch, metaUid: string): Promise<IndexMeta> {
  let hits: Array<Record<string, unknown>>;
  try {
    const answer = await call(`read ${metaUid}`, () => client.index(metaUid).search('', { limit: 20 }));
    hits = answer.hits as Array<Record<string, unknown>>;
  } catch (error) {
    if (errorCode(error) === 'index_not_found') return { exists: false, checkpoint: 0 };
    throw error;
  }
  const state = hits.find((hit) => hit.id === STATE_ID);
  const settings = hits.find((hit) => hit.id === SETTINGS_ID);
  const checkpoint = Number(state?.checkpoint ?? 0);
  return {
    exists: true,
    checkpoint: Number.isFinite(checkpoint) ? checkpoint : 0,
    ...(typeof state?.build === 'string' ? { build: state.build } : {}),
    ...(typeof settings?.fingerprint === 'string' ? { settings: settings.fingerprint } : {}),
  };
}

/** The checkpoint recorded in a meta index; 0 when it holds none yet (or the index is gone). */
export async function readCheckpoint(client: Meilisearch, metaUid: string): Promise<number> {
  return (await readMeta(client, metaUid)).checkpoint;
}

/**
 * Records the checkpoint (and, from a rebuild, the build it belongs to) and waits until Meilisearch
 * has stored it. A partial update ("add or update documents"), so the indexer's later checkpoints
 * keep the build a rebuild recorded.
 */
export async function writeCheckpoint(
  client: Meilisearch,
  metaUid: string,
  checkpoint: number,
  build?: string,
): Promise<void> {
  const state: StateDocument = { id: STATE_ID, checkpoint, ...(build ? { build } : {}) };
  await run(client.tasks, `record checkpoint ${checkpoint} in ${metaUid}`, () =>
    client.index<StateDocument>(metaUid).updateDocuments([state], { primaryKey: 'id' }),
  );
}

/** Records which settings the index now has and waits until Meilisearch has stored it. */
export async function writeSettingsMark(
  client: Meilisearch,
  metaUid: string,
  fingerprint: string,
): Promise<void> {
  const mark: SettingsDocument = { id: SETTINGS_ID, fingerprint, applied_at: new Date().toISOString() };
  await run(client.tasks, `record settings ${fingerprint} in ${metaUid}`, () =>
    client.index<SettingsDocument>(metaUid).addDocuments([mark], { primaryKey: 'id' }),
  );
}
