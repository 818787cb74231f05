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

export function checkLiveAnswers(): void {
  if (installed) return;
  installed = true;
  const prototype = request.Test.prototype as unknown as { assert: Assert; method: string; url: string };
  const assert = prototype.assert;
  prototype.assert = function checked(resError, res, fn) {
    const test = this as unknown as { method: string; url: string };
    const mismatch = res
      ? contractMismatch(test.method, test.url, res.status, res.headers['content-type'], res.body)
      : null;
    if (!mismatch || !fn) return assert.call(this, resError, res, fn);
    return assert.call(this, resError, res, function done(this: request.Test, error, response) {
      fn.call(this, error ?? new Error(mismatch), response);
    });
  };
}
