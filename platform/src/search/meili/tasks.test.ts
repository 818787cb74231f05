import vm from 'node:vm';
import type { EnqueuedTask, EnqueuedTaskPromise, Task } from 'meilisearch';
import { call, describeError, enqueue, MeiliError, run, settle, type TaskWaiter } from './tasks';

const enqueued: EnqueuedTask = {
  taskUid: 7,
  indexUid: 'agents',
  status: 'enqueued',
  type: 'documentAdditionOrUpdate',
  enqueuedAt: '2026-01-01T00:00:00Z',
};

function finished(fields: Partial<Task>): Task {
  const { taskUid: _, ...rest } = enqueued;
  return {
    ...rest,
    uid: 7,
    batchUid: 1,
    canceledBy: null,
    error: null,
    duration: 'PT0.1S',
    startedAt: null,
    finishedAt: null,
    status: 'succeeded',
    ...fields,
  };
}

const waiter = (task: Task): TaskWaiter => ({ waitForTask: async () => task });
const promised = (value: EnqueuedTask) =>
  Object.assign(Promise.resolve(value), { waitTask: async () => finished({}) });
/** A failed request the way the client reports it: MeilisearchApiError keeps Meilisearch's body in `cause`. */
function apiError(message: string, code: string): Error {
  return Object.assign(new Error(message), {
    name: 'MeilisearchApiError',
    cause: { message, code, type: 'x', link: '' },
  });
}

describe('Meilisearch tasks', () => {
  it('returns a task that succeeded', async () => {
    await expect(settle(waiter(finished({})), enqueued, 'add documents')).resolves.toMatchObject({ uid: 7 });
  });

  it('throws a failed task with Meilisearch’s message and code', async () => {
    const failed = finished({
      status: 'failed',
      error: {
        message: 'Document identifier `a b` is invalid.',
        code: 'invalid_document_id',
        type: 'invalid_request',
        link: '',
      },
    });
    const attempt = settle(waiter(failed), enqueued, 'add 1 documents to agents');
    await expect(attempt).rejects.toThrow(
      'Meilisearch failed to add 1 documents to agents (task 7): Document identifier `a b` is invalid. (invalid_document_id)',
    );
    await expect(attempt).rejects.toMatchObject({
      name: 'MeiliError',
      code: 'invalid_document_id',
      taskUid: 7,
    });
  });

  it('throws a canceled task, and tolerates only the codes it is told to', async () => {
    await expect(settle(waiter(finished({ status: 'canceled' })), enqueued, 'swap')).rejects.toThrow(
      /the task was canceled/,
    );
    const exists = finished({
      status: 'failed',
      error: { message: 'Index `agents` already exists.', code: 'index_already_exists', type: 'x', link: '' },
    });
    await expect(settle(waiter(exists), enqueued, 'create index', ['index_already_exists'])).resolves.toBe(
      exists,
    );
  });

  it('says when waiting for a task failed', async () => {
    const broken: TaskWaiter = {
      waitForTask: async () => {
        throw new Error('timeout of 300000ms has exceeded on task 7');
      },
    };
    await expect(settle(broken, enqueued, 'add documents')).rejects.toThrow(
      /Could not learn whether Meilisearch managed to add documents \(task 7\): timeout/,
    );
  });

  it('turns a refused request into an error saying what was tried', async () => {
    const refused = () =>
      Object.assign(Promise.reject(apiError('The `filter` setting is invalid', 'invalid_settings')), {
        waitTask: async () => finished({}),
      }) as EnqueuedTaskPromise;
    await expect(enqueue('apply settings', refused)).rejects.toMatchObject({
      message: 'Meilisearch refused to apply settings: The `filter` setting is invalid (invalid_settings)',
      code: 'invalid_settings',
    });
    await expect(
      call('read agent 9', () => Promise.reject(apiError('Document `9` not found.', 'document_not_found'))),
    ).rejects.toMatchObject({
      code: 'document_not_found',
    });
    await expect(run(waiter(finished({})), 'add documents', () => promised(enqueued))).resolves.toMatchObject(
      {
        status: 'succeeded',
      },
    );
  });

  it('describes an error with its causes, each message once', () => {
    const cause = Object.assign(new Error('fetch failed'), {
      cause: new Error('connect ECONNREFUSED 127.0.0.1:7700'),
    });
    const request = new Error('Request to http://127.0.0.1:7700/health has failed', { cause });
    expect(describeError(request)).toBe(
      'Request to http://127.0.0.1:7700/health has failed: fetch failed: connect ECONNREFUSED 127.0.0.1:7700',
    );
    const wrapped = new MeiliError(
      `Meilisearch could not report its health: ${describeError(request)}`,
      undefined,
      undefined,
      {
        cause: request,
      },
    );
    expect(describeError(wrapped)).toBe(wrapped.message);
    expect(describeError('plain')).toBe('plain');
  });

  it('follows causes made in another realm, as fetch makes them under jest', () => {
    const foreign = vm.runInNewContext(
      "new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:7700') })",
    ) as unknown;
    expect(foreign instanceof Error).toBe(false);
    const request = new Error('Request to http://127.0.0.1:7700/health has failed', { cause: foreign });
    expect(describeError(request)).toBe(
      'Request to http://127.0.0.1:7700/health has failed: fetch failed: connect ECONNREFUSED 127.0.0.1:7700',
    );
  });
});
