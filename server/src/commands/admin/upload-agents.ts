import { isExcelFileName, UPLOAD_TYPE_MESSAGE } from '@agentry/domain/admin-rules';
import { applyImport } from '@agentry/platform/import/import-agents';
import { ImportFileError } from '@agentry/platform/import/import-file-error';
import { importUploadInWorker } from '@agentry/platform/spreadsheet/import-upload-in-worker';
import { SpreadsheetRejected } from '@agentry/platform/spreadsheet/spreadsheet-rejected';
import type { Admin } from '@agentry/platform/store/port';
import type { AppContext } from '../../context';
import { badRequest, conflict, HttpError } from '../../http/errors';

// The admin upload (spec section 7): an .xlsx or .xls of agents, every row checked with the
// registration rules, the valid ones written in one transaction (all or none), the rest reported
// with their spreadsheet row number and why. Re-uploading a file adds nothing twice (name +
// provider identify an agent, as in `npm run import`).

export const NO_FILE_MESSAGE = 'Please choose an Excel file (.xlsx or .xls) to upload';
/** Skipped rows listed in an upload's answer at most (the `skipped` count has them all). */
export const SKIPPED_LISTED = 1000;

export const UPLOAD_BUSY_MESSAGE =
  'Another spreadsheet is being imported. Please try again when it finishes.';

export interface UploadedFile {
  originalname: string;
  buffer: Buffer;
}

/** One upload at a time per API worker: each holds a parser with up to 512 MB on a thread of its own. */
let uploading = false;

export async function uploadAgents(
  context: Pick<AppContext, 'store' | 'storeFile' | 'logger'>,
  admin: Admin,
  file: UploadedFile | undefined,
) {
  if (!file || file.buffer.length === 0) throw badRequest(NO_FILE_MESSAGE, { success: false });
  if (!isExcelFileName(file.originalname)) throw new HttpError(415, UPLOAD_TYPE_MESSAGE, { success: false });
  if (uploading) throw conflict(UPLOAD_BUSY_MESSAGE, { success: false });
  uploading = true;
  const started = performance.now();
  try {
    // With SQLite the worker writes too, on its own connection: one transaction of 10,000 rows
    // would otherwise hold this thread for a few hundred milliseconds. MongoDB writes are awaited.
    const outcome = await importUploadInWorker(file.buffer, file.originalname, {
      sqliteFile: context.store.kind === 'sqlite' ? context.storeFile : null,
    });
    const result =
      outcome.kind === 'imported' ? outcome.result : await applyImport(context.store, outcome.prepared);
    await context.store.audit.record({
      actor: admin.username,
      action: 'upload',
      entity_type: 'upload',
      entity_id: null,
      entity_label: file.originalname.slice(0, 200),
      before: null,
      after: { added: result.added, skipped: result.skipped.length },
    });
    context.logger.info(
      {
        admin: admin.username,
        added: result.added,
        skipped: result.skipped.length,
        ms: Math.round(performance.now() - started),
      },
      'agents uploaded',
    );
    // The count is every skipped row; the list, the first SKIPPED_LISTED of them (a file of 50,000
    // bad rows would otherwise answer megabytes nobody reads).
    return {
      added: result.added,
      skipped: result.skipped.length,
      skipped_agents: result.skipped.slice(0, SKIPPED_LISTED),
    };
  } catch (error) {
    if (error instanceof SpreadsheetRejected || error instanceof ImportFileError)
      throw badRequest(error.message, { success: false });
    throw error;
  } finally {
    uploading = false;
  }
}
