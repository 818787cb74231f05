import type { ImportResult, PreparedImport } from '../import/import-agents';
import { PARSE_TIMEOUT_MS, runUploadWorker } from './parse-upload-in-worker';

export type UploadImportOutcome =
  | { kind: 'imported'; result: ImportResult }
  | { kind: 'prepared'; prepared: PreparedImport };

/**
 * An uploaded spreadsheet read and checked on a worker thread; with `sqliteFile`, also written
 * there in one transaction (the embedded store's file, shared through WAL). Without it (MongoDB,
 * whose writes do not hold the caller's thread) the checked rows come back for the caller to
 * write with applyImport. Rejects with SpreadsheetRejected for a file the uploader must fix.
 */
export async function importUploadInWorker(
  bytes: Uint8Array,
  fileName: string,
  { sqliteFile, timeoutMs = PARSE_TIMEOUT_MS }: { sqliteFile: string | null; timeoutMs?: number },
): Promise<UploadImportOutcome> {
  const outcome = await runUploadWorker(
    bytes,
    { fileName, mode: sqliteFile ? 'import' : 'prepare', sqliteFile: sqliteFile ?? undefined },
    timeoutMs,
  );
  if (outcome.outcome === 'imported') return { kind: 'imported', result: outcome.result };
  if (outcome.outcome === 'prepared') return { kind: 'prepared', prepared: outcome.prepared };
  throw new Error(`unexpected worker outcome ${outcome.outcome}`);
}
