import type { EnqueuedTask, EnqueuedTaskPromise, Task, WaitOptions } from 'meilisearch';

// Every Meilisearch write is an asynchronous task: the HTTP call only enqueues it, and a task that
// later fails (a bad setting, a document Meilisearch refuses, a full disk) does not make any call
// reject. So each write is enqueued, waited for, and its final status checked; a failure becomes an
// Error carrying Meilisearch's own message and code. Nothing here swallows an error.

/** Long enough for a large batch with an embedder; a dead server fails the polling at once anyway. */
export const TASK_WAIT: Required<WaitOptions> = { timeout: 5 * 60_000, interval: 50 };

/** A Meilisearch request or task that failed, with Meilisearch's error code when it gave one. */
export class MeiliError extends Error {
  override readonly name = 'MeiliError';
  constructor(
    message: string,
    readonly code?: string,
    readonly taskUid?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What waits for a task: the client's TaskClient (`client.tasks`). */
export interface TaskWaiter {
  waitForTask(task: EnqueuedTask | number, options?: WaitOptions): Promise<Task>;
}

/** Meilisearch's error code on a failed request (MeilisearchApiError keeps the body in `cause`). */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof MeiliError) return error.code;
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The message of an error and of its causes ("Request to … has failed: fetch failed: connect
 * ECONNREFUSED …"), each message once even when an outer message already repeats an inner one.
 */
export function describeError(error: unknown): string {
  let text = '';
  const add = (message: string) => {
    if (message && !text.includes(message)) text = text ? `${text}: ${message}` : message;
  };
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 6; depth++) {
    // Not `instanceof Error` alone: fetch's errors come from Node's own realm, which another realm
    // (a vm context, as under jest) does not count as its Error, and the refused connection that
    // names the cause ("connect ECONNREFUSED …") is one of them.
    if (current instanceof Error || (typeof current === 'object' && 'message' in current)) {
      const { message, cause } = current as { message: unknown; cause?: unknown };
      add(String(message));
      current = cause;
    } else {
      if (typeof current !== 'object') add(String(current));
      break;
    }
  }
  return text || 'unknown error';
}

/** A read (search, document, stats, health); a failure becomes a MeiliError saying what was tried. */
export async function call<T>(what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const code = errorCode(error);
    throw new MeiliError(
      `Meilisearch could not ${what}: ${describeError(error)}${code ? ` (${code})` : ''}`,
      code,
      undefined,
      {
        cause: error,
      },
    );
  }
}

/** Sends a write and returns the enqueued task; a refused request becomes a MeiliError saying what was tried. */
export async function enqueue(what: string, start: () => EnqueuedTaskPromise): Promise<EnqueuedTask> {
  try {
    return await start();
  } catch (error) {
    const code = errorCode(error);
    throw new MeiliError(
      `Meilisearch refused to ${what}: ${describeError(error)}${code ? ` (${code})` : ''}`,
      code,
      undefined,
      {
        cause: error,
      },
    );
  }
}

/**
 * Waits for an enqueued task and returns it when it succeeded. A failed or canceled task throws a
 * MeiliError with the task's error, unless its code is in `tolerate` (e.g. index_already_exists when
 * creating an index that may exist), in which case the task is returned as it is.
 */
export async function settle(
  tasks: TaskWaiter,
  task: EnqueuedTask,
  what: string,
  tolerate: readonly string[] = [],
  wait: Required<WaitOptions> = TASK_WAIT,
): Promise<Task> {
  let done: Task;
  try {
    done = await tasks.waitForTask(task, wait);
  } catch (error) {
    throw new MeiliError(
      `Could not learn whether Meilisearch managed to ${what} (task ${task.taskUid}): ${describeError(error)}`,
      errorCode(error),
      task.taskUid,
      { cause: error },
    );
  }
  if (done.status === 'succeeded') return done;
  const code = done.error?.code;
  if (code !== undefined && tolerate.includes(code)) return done;
  const reason = done.error ? `${done.error.message} (${done.error.code})` : `the task was ${done.status}`;
  throw new MeiliError(`Meilisearch failed to ${what} (task ${done.uid}): ${reason}`, code, done.uid);
}

/** Enqueues a write and waits until Meilisearch has applied it. */
export async function run(
  tasks: TaskWaiter,
  what: string,
  start: () => EnqueuedTaskPromise,
  tolerate: readonly string[] = [],
  wait: Required<WaitOptions> = TASK_WAIT,
): Promise<Task> {
  return settle(tasks, await enqueue(what, start), what, tolerate, wait);
}
