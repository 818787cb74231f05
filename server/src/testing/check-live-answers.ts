import request from 'supertest';
import { contractMismatch } from './live-answers';

// Turns on the run-time contract check for every supertest request of a test file (and of the
// test helpers it uses: Browser, AdminBrowser and TestServer.http all go through supertest's Test).
// Every server test file runs with it on (jest-setup.ts, the server project's setupFilesAfterEnv):
// a success answer whose JSON is not what domain/src/contract/ declares fails the request itself,
// with the operation and the path of the mismatch (testing/live-answers.ts).

type Assert = (this: request.Test, resError: unknown, res: request.Response | undefined, fn?: Done) => void;
type Done = (this: request.Test, error: unknown, res: request.Response | undefined) => void;

let installed = false;
/** Set by a test file that measures its own process's event loop (see skipLiveAnswers). */
let skipped = false;

/**
 * Leaves this test file's answers unchecked. Only for a test that measures the event loop of its
 * own process, where the check's parse of a large answer (about 10 ms for 500 agents, more the
 * first time) would count as the server's stall; the same answers are checked by other files.
 */
export function skipLiveAnswers(): void {
  skipped = true;
}

export function checkLiveAnswers(): void {
  if (installed) return;
  installed = true;
  const prototype = request.Test.prototype as unknown as { assert: Assert; method: string; url: string };
  const assert = prototype.assert;
  prototype.assert = function checked(resError, res, fn) {
    const test = this as unknown as { method: string; url: string };
    const mismatch =
      res && !skipped
        ? contractMismatch(test.method, test.url, res.status, res.headers['content-type'], res.body)
        : null;
    if (!mismatch || !fn) return assert.call(this, resError, res, fn);
    return assert.call(this, resError, res, function done(this: request.Test, error, response) {
      fn.call(this, error ?? new Error(mismatch), response);
    });
  };
}
