import { applyImport, type ImportResult } from '../import/import-agents';
import type { Store } from '../store/port';
import { importUploadInWorker } from './import-upload-in-worker';

/**
 * Reads an uploaded spreadsheet's agents, checks every row with the registration rules and writes
 * the valid ones in one transaction; rejects with SpreadsheetRejected or ImportFileError for a
 * file the uploader must fix. The admin upload asks this and nothing more: how the rows reach the
 * store depends on the store, and is decided once, where the store is opened (uploadImporter).
 */
export type UploadImporter = (bytes: Uint8Array, fileName: string) => Promise<ImportResult>;

/**
 * With the embedded store's file (`sqliteFile`), the worker thread that parses the file writes it
 * too, on its own connection: one transaction of 10,000 rows would otherwise hold the request
 * thread for a few hundred milliseconds. Without it (MongoDB, whose writes do not hold the
 * caller's thread; or a store handed in by a test) the checked rows come back and are written here.
 */
export function uploadImporter(
  store: Pick<Store, 'agents' | 'profiles'>,
  sqliteFile: string | null,
  timeoutMs?: number,
): UploadImporter {
  return async (bytes, fileName) => {
    const outcome = await importUploadInWorker(bytes, fileName, { sqliteFile, timeoutMs });
    return outcome.kind === 'imported' ? outcome.result : applyImport(store, outcome.prepared);
  };
}
