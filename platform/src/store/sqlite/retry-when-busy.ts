// SQLite lets one connection write at a time; better-sqlite3 waits for the lock synchronously, so
// with a long busy_timeout a request that writes (even a session's touch) would freeze the whole
// event loop while another connection (an upload's worker thread, the CLI import) holds the lock.
// So the wait on the lock is short, and the waiting beyond it happens here, asynchronously.

/** The synchronous wait before SQLITE_BUSY: short, so the thread is never held for long. */
export const BUSY_TIMEOUT_MS = 20;
/** How long a call keeps retrying before the error goes to the caller. */
export const BUSY_RETRY_FOR_MS = 15_000;

export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code === 'SQLITE_LOCKED');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` again (5 ms, 10 ms, ... up to 200 ms apart) while it fails with SQLITE_BUSY. */
export async function whileBusy<T>(attempt: () => Promise<T>, retryForMs = BUSY_RETRY_FOR_MS): Promise<T> {
  const started = Date.now();
  for (let delay = 5; ; delay = Math.min(200, delay * 2)) {
    try {
      return await attempt();
    } catch (error) {
      // A statement or transaction that failed with BUSY did nothing (a transaction rolls back):
      // trying it again is safe.
      if (!isBusy(error) || Date.now() - started > retryForMs) throw error;
      await pause(delay);
    }
  }
}

const isAsyncGenerator = (fn: unknown) =>
  typeof fn === 'function' && fn.constructor?.name === 'AsyncGeneratorFunction';

/**
 * The same repository, each async method retried while the database is busy. Async generators
 * (whole-catalog scans) are left as they are: they only read, and readers never wait in WAL mode.
 */
export function retryWhenBusy<T extends object>(repository: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(repository)) {
    wrapped[name] =
      typeof value === 'function' && !isAsyncGenerator(value)
        ? (...args: unknown[]) => whileBusy(async () => value.apply(repository, args))
        : value;
  }
  return wrapped as T;
}
