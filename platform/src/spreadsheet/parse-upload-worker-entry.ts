import { parentPort, workerData } from 'node:worker_threads';
import {
  applyImport,
  assertColumns,
  type ImportResult,
  type PreparedImport,
  prepareImport,
} from '../import/import-agents';
import { ImportFileError } from '../import/import-file-error';
import { openSqliteStore } from '../store/sqlite/sqlite-store';
import { parseUpload } from './parse-upload';
import { SpreadsheetRejected } from './spreadsheet-rejected';

// The worker thread of parseUploadInWorker: one parse, one message. A rejection crosses back as a
// flag and a message, since an error class does not survive postMessage.

export interface ParseUploadJob {
  bytes: ArrayBuffer;
  fileName: string;
  maxRows?: number;
  /**
   * How far to go: the rows ('rows'); the rows checked with the import rules ('prepare'); or
   * checked and written, in one transaction, into the SQLite file `sqliteFile` ('import').
   */
  mode?: 'rows' | 'prepare' | 'import';
  sqliteFile?: string;
}

export type ParseUploadOutcome =
  | { outcome: 'parsed'; rows: Record<string, unknown>[]; rowNumbers: number[] }
  | { outcome: 'prepared'; prepared: PreparedImport }
  | { outcome: 'imported'; result: ImportResult }
  | { outcome: 'rejected'; message: string }
  | { outcome: 'failed'; message: string; stack?: string };

async function go(job: ParseUploadJob): Promise<ParseUploadOutcome> {
  const { rows, rowNumbers } = parseUpload(new Uint8Array(job.bytes), job.fileName, { maxRows: job.maxRows });
  if (!job.mode || job.mode === 'rows') return { outcome: 'parsed', rows, rowNumbers };
  assertColumns(rows);
  const prepared = prepareImport(rows, rowNumbers);
  if (job.mode === 'prepare' || !job.sqliteFile) return { outcome: 'prepared', prepared };
  // Its own connection to the store's file (WAL): the transaction's work stays on this thread.
  // From here the parse's time limit no longer applies: stopping a write halfway helps nobody,
  // and one that commits just as it is stopped would be reported as failed.
  parentPort?.postMessage({ phase: 'writing' });
  const store = openSqliteStore(job.sqliteFile);
  try {
    return { outcome: 'imported', result: await applyImport(store, prepared) };
  } finally {
    await store.close();
  }
}

async function run(): Promise<ParseUploadOutcome> {
  try {
    return await go(workerData as ParseUploadJob);
  } catch (error) {
    if (error instanceof SpreadsheetRejected || error instanceof ImportFileError)
      return { outcome: 'rejected', message: error.message };
    const failure = error instanceof Error ? error : new Error(String(error));
    return { outcome: 'failed', message: failure.message, stack: failure.stack };
  }
}

void run().then((outcome) => parentPort?.postMessage(outcome));
