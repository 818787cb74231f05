import type { Meilisearch } from 'meilisearch';
import { call, errorCode, run } from './tasks';

// The change-log position the live index reflects lives in Meilisearch itself, in a companion index
// `${indexUid}_meta` holding one document {id: 'state', checkpoint}. Keeping it beside the data (not
// in DATA_DIR or the store) means wiping Meilisearch's data also resets the checkpoint to 0, so the
// indexer resyncs everything instead of trusting a position an empty index no longer reflects.

export const STATE_ID = 'state';

export const metaIndexUid = (indexUid: string): string => `${indexUid}_meta`;

export interface StateDocument {
  id: string;
  checkpoint: number;
}

/** The checkpoint recorded in a meta index; 0 when it holds none yet (or the index is gone). */
export async function readCheckpoint(client: Meilisearch, metaUid: string): Promise<number> {
  try {
    const state = await call(`read the checkpoint in ${metaUid}`, () =>
      client.index<StateDocument>(metaUid).getDocument(STATE_ID),
    );
    const checkpoint = Number(state.checkpoint);
    return Number.isFinite(checkpoint) ? checkpoint : 0;
  } catch (error) {
    const code = errorCode(error);
    if (code === 'document_not_found' || code === 'index_not_found') return 0;
    throw error;
  }
}

/** Records the checkpoint and waits until Meilisearch has stored it. */
export async function writeCheckpoint(
  client: Meilisearch,
  metaUid: string,
  checkpoint: number,
): Promise<void> {
  const state: StateDocument = { id: STATE_ID, checkpoint };
  await run(client.tasks, `record checkpoint ${checkpoint} in ${metaUid}`, () =>
    client.index<StateDocument>(metaUid).addDocuments([state], { primaryKey: 'id' }),
  );
}
