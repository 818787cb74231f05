import { isExcelFileName, UPLOAD_TYPE_MESSAGE } from '@agentry/domain/admin-rules';
import type { ImportResult } from '@agentry/platform/import/import-agents';
import { ImportFileError } from '@agentry/platform/import/import-file-error';
import { SpreadsheetRejected } from '@agentry/platform/spreadsheet/spreadsheet-rejected';
import type { UploadImporter } from '@agentry/platform/spreadsheet/upload-importer';
import type { Admin } from '@agentry/platform/store/port';
import { badRequest, conflict, HttpError } from '../../http/errors';
import type { Action } from '../command';
import type { Services } from '../services';

// The admin upload (spec section 7): an .xlsx or .xls of agents, every row checked with the
// registration rules, the valid ones written in one transaction (all or none), the rest reported
// with their spreadsheet row number and why. Re-uploading a file adds nothing twice (name +
// provider identify an agent, as in `npm run import`). Read as its steps: check the file, take the
// one upload slot, import the rows, record the upload, answer.

export const NO_FILE_MESSAGE = 'Please choose an Excel file (.xlsx or .xls) to upload';
/** Skipped rows listed in an upload's answer at most (the `skipped` count has them all). */
export const SKIPPED_LISTED = 1000;

export const UPLOAD_BUSY_MESSAGE =
  'Another spreadsheet is being imported. Please try again when it finishes.';

export interface UploadedFile {
  originalname: string;
  buffer: Buffer;
}

/** The store and log, and how this API imports a spreadsheet (chosen with the store, in start.ts). */
type Needs = Pick<Services, 'store' | 'logger'> & { importUpload: UploadImporter };

export interface UploadAnswer {
  added: number;
  skipped: number;
  skipped_agents: ImportResult['skipped'];
}

export const uploadAgents: Action<
  Needs,
  { admin: Admin; file: UploadedFile | undefined },
  UploadAnswer
> = async (services, { admin, file }) => {
  const upload = checkedFile(file);
  return oneUploadAtATime(async () => {
    const started = performance.now();
    const result = await importRows(services, upload);
    await recordUpload(services, admin, upload, result);
    services.logger.info(
      {
        admin: admin.username,
        added: result.added,
        skipped: result.skipped.length,
        ms: Math.round(performance.now() - started),
      },
      'agents uploaded',
    );
    return answerOf(result);
  });
};

/** A file was sent, not empty, and named as Excel: 400 or 415 otherwise. */
function checkedFile(file: UploadedFile | undefined): UploadedFile {
  if (!file || file.buffer.length === 0) throw badRequest(NO_FILE_MESSAGE, { success: false });
  if (!isExcelFileName(file.originalname)) throw new HttpError(415, UPLOAD_TYPE_MESSAGE, { success: false });
  return file;
}

/** One upload at a time per API worker: each holds a parser with up to 512 MB on a thread of its own. */
let uploading = false;

async function oneUploadAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (uploading) throw conflict(UPLOAD_BUSY_MESSAGE, { success: false });
  uploading = true;
  try {
    return await work();
  } finally {
    uploading = false;
  }
}

/** The rows read, checked and the valid ones written; a file the uploader must fix is a 400. */
async function importRows(services: Needs, file: UploadedFile): Promise<ImportResult> {
  try {
    return await services.importUpload(file.buffer, file.originalname);
  } catch (error) {
    if (error instanceof SpreadsheetRejected || error instanceof ImportFileError)
      throw badRequest(error.message, { success: false });
    throw error;
  }
}

/** The audit log's entry: who uploaded which file, and how many rows were added and skipped. */
async function recordUpload(services: Needs, admin: Admin, file: UploadedFile, result: ImportResult) {
  await services.store.audit.record({
    actor: admin.username,
    action: 'upload',
    entity_type: 'upload',
    entity_id: null,
    entity_label: file.originalname.slice(0, 200),
    before: null,
    after: { added: result.added, skipped: result.skipped.length },
  });
}

/**
 * The count is every skipped row; the list, the first SKIPPED_LISTED of them (a file of 50,000
 * bad rows would otherwise answer megabytes nobody reads).
 */
const answerOf = (result: ImportResult): UploadAnswer => ({
  added: result.added,
  skipped: result.skipped.length,
  skipped_agents: result.skipped.slice(0, SKIPPED_LISTED),
});
