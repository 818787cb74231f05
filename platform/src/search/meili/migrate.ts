import type { Logger } from '../../log/logger';
import { metaIndexUid, readMeta, writeSettingsMark } from './checkpoint';
import { ensureIndex } from './indexes';
import { indexSettings, settingsFingerprint } from './settings';
import { describeError, MeiliError, run } from './tasks';

// `npm run migrate` for Meilisearch, once per deploy: the live and meta indexes, and this version's
// settings applied and recorded (checkpoint.ts, the settings mark), so that every process of the
// version finds them at start (readiness.ts). Settings are sent only when the recorded fingerprint
// differs: a settings update may re-index every document (settings.ts), and sending the same ones at
// every start, as before, could queue a re-index per process start.

/** A settings change re-indexes the documents: at 100,000 agents that takes minutes, not seconds. */
export const SETTINGS_WAIT = { timeout: 60 * 60_000, interval: 500 } as const;

export interface MeiliMigrateOptions {
  host: string;
  /** The indexer's key (MEILI_API_KEY): indexes.create, settings.update, documents.add, tasks.get. */
  apiKey?: string;
  indexUid: string;
  /** Send the settings even when the recorded fingerprint says they are applied. */
  force?: boolean;
  logger?: Logger;
}

export interface MeiliMigration {
  fingerprint: string;
  /** The fingerprint recorded before, if any. */
  previous?: string;
  applied: boolean;
}

export async function migrateMeiliIndex(options: MeiliMigrateOptions): Promise<MeiliMigration> {
  const { Meilisearch } = await import('meilisearch');
  const client = new Meilisearch({ host: options.host, apiKey: options.apiKey, timeout: 15_000 });
  const { indexUid } = options;
  const metaUid = metaIndexUid(indexUid);
  const fingerprint = settingsFingerprint();
  try {
    await ensureIndex(client, indexUid);
    await ensureIndex(client, metaUid);
  } catch (error) {
    throw new MeiliError(
      `Cannot prepare the Meilisearch indexes: ${describeError(error)}`,
      undefined,
      undefined,
      {
        cause: error,
      },
    );
  }
  const { settings: previous } = await readMeta(client, metaUid);
  if (previous === fingerprint && !options.force) return { fingerprint, previous, applied: false };
  options.logger?.info({ index: indexUid, previous, fingerprint }, 'applying search settings');
  await run(
    client.tasks,
    `apply settings to ${indexUid}`,
    () => client.index(indexUid).updateSettings(indexSettings()),
    [],
    SETTINGS_WAIT,
  );
  await writeSettingsMark(client, metaUid, fingerprint);
  return { fingerprint, ...(previous ? { previous } : {}), applied: true };
}
