import path from 'node:path';
import { types } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { SourceRows } from '../import/source-rows';
import { workerScript } from '../worker/worker-script';
import type { ParseUploadJob, ParseUploadOutcome } from './parse-upload-worker-entry';
import { SpreadsheetRejected, UNREADABLE } from './spreadsheet-rejected';

// SheetJS parses synchronously and trusts the file: on the thread that answers requests, a large
// or hostile upload would stall every request, and a bomb that lies about its sizes would take
// the process down. In a worker, a heap limit and a timer bound both to the one upload.

export const PARSE_TIMEOUT_MS = 30_000;
export const PARSE_WORKER_HEAP_MB = 512;

export interface ParseUploadInWorkerOptions {
  timeoutMs?: number;
  /** Data rows accepted at most; MAX_UPLOAD_ROWS by default. */
  maxRows?: number;
}

const ENTRY = workerScript(path.join(__dirname, 'parse-upload-worker-entry.ts'));

/** An ArrayBuffer holding exactly the bytes, that may be moved to the worker. */
function transferableCopyOf(bytes: Uint8Array): ArrayBuffer {
  const whole =
    types.isArrayBuffer(bytes.buffer) &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength;
  // A view on part of a buffer (Node's pool of small Buffers, a slice) must not take the rest along.
  // new Uint8Array copies; Buffer's own slice() would share the pool.
  return whole ? (bytes.buffer as ArrayBuffer) : new Uint8Array(bytes).buffer;
}

function failureOf({ message, stack }: { message: string; stack?: string }): Error {
  const failure = new Error(`spreadsheet parse failed: ${message}`);
  // The worker's stack says where in the parse it failed; this thread's would only say "here".
  if (stack) failure.stack = stack;
  return failure;
}

/**
 * parseUpload in a worker thread. The bytes are moved, not copied, to the worker when they fill
 * their buffer, so the caller's buffer is empty afterwards. Resolves with the rows; rejects with
 * SpreadsheetRejected for the uploader's faults (including a file too large or damaged to parse
 * within the memory and time given) and with another Error for ours.
 */
export async function parseUploadInWorker(
  bytes: Uint8Array,
  fileName: string,
  { timeoutMs = PARSE_TIMEOUT_MS, maxRows }: ParseUploadInWorkerOptions = {},
): Promise<SourceRows> {
  const outcome = await runUploadWorker(bytes, { fileName, maxRows, mode: 'rows' }, timeoutMs);
  if (outcome.outcome !== 'parsed') throw new Error(`unexpected worker outcome ${outcome.outcome}`);
  return { rows: outcome.rows, rowNumbers: outcome.rowNumbers };
}

type Finished = Exclude<ParseUploadOutcome, { outcome: 'rejected' | 'failed' }>;

/** Runs one job of parse-upload-worker-entry; rejects as parseUploadInWorker says. */
export function runUploadWorker(
  bytes: Uint8Array,
  job: Omit<ParseUploadJob, 'bytes'>,
  timeoutMs = PARSE_TIMEOUT_MS,
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const buffer = transferableCopyOf(bytes);
    const workerJob: ParseUploadJob = { ...job, bytes: buffer };
    // Compiled: dist/'s own bundle of the entry; from sources: the .ts entry through tsx.
    const worker = new Worker(ENTRY.script, {
      ...ENTRY.options,
      workerData: workerJob,
      transferList: [buffer],
      resourceLimits: { maxOldGenerationSizeMb: PARSE_WORKER_HEAP_MB },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    // Terminating a worker mid-write ends its SQLite transaction uncommitted: nothing of it stays.
    const timer = setTimeout(() => settle(() => reject(new SpreadsheetRejected(UNREADABLE))), timeoutMs);
    worker.on('message', (message: ParseUploadOutcome | { phase: 'writing' }) => {
      if ('phase' in message) {
        clearTimeout(timer);
        return;
      }
      settle(() => {
        if (message.outcome === 'rejected') reject(new SpreadsheetRejected(message.message));
        else if (message.outcome === 'failed') reject(failureOf(message));
        else resolve(message);
      });
    });
    worker.once('error', (error: NodeJS.ErrnoException) =>
      settle(() =>
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new SpreadsheetRejected(UNREADABLE) : error),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`spreadsheet parse worker exited with code ${code}`))),
    );
  });
}
