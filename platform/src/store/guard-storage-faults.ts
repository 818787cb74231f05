import type { Store } from './port';
import { type StorageFault, StoreUnavailableError } from './store-unavailable';

// Wraps a store so that an adapter's "cannot save" errors (disk full, read-only, I/O, no primary)
// leave it as one StoreUnavailableError, and so that ping() — what /readyz asks — fails while the
// store cannot save, not only when it cannot answer: a full disk still answers SELECT 1.
// Once a fault has been seen, ping() proves recovery with a small real write (probeWrite), so the
// process reports ready again by itself when space returns, with no restart.

/** Without a write probe, how long a fault keeps ping() failing after it was last seen. */
export const FAULT_MEMORY_MS = 10_000;

export interface GuardOptions {
  /** The adapter's reading of its own errors. */
  classify(error: unknown): StorageFault | null;
  /** A small committed write that fails as a real write would; clears the fault when it succeeds. */
  probeWrite?: () => Promise<void>;
  now?: () => number;
}

export function guardStorageFaults<S extends Store>(store: S, options: GuardOptions): S {
  const now = options.now ?? Date.now;
  let fault: { kind: StorageFault; at: number; cause: unknown } | null = null;

  const translate = (error: unknown): unknown => {
    if (error instanceof StoreUnavailableError) return error;
    const kind = options.classify(error);
    if (!kind) return error;
    fault = { kind, at: now(), cause: error };
    return new StoreUnavailableError(kind, { cause: error });
  };

  const guarded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(store)) {
    const isRepository = typeof value === 'object' && value !== null;
    guarded[name] = isRepository ? guardRepository(value, translate) : value;
  }
  guarded.ping = async () => {
    await store.ping();
    if (!fault) return;
    if (options.probeWrite) {
      try {
        await options.probeWrite();
        fault = null;
        return;
      } catch (error) {
        throw translate(error);
      }
    }
    if (now() - fault.at < FAULT_MEMORY_MS)
      throw new StoreUnavailableError(fault.kind, { cause: fault.cause });
    fault = null;
  };
  guarded.close = () => store.close();
  return guarded as S;
}

const isAsyncGenerator = (fn: unknown) =>
  typeof fn === 'function' && fn.constructor?.name === 'AsyncGeneratorFunction';

function guardRepository<T extends object>(repository: T, translate: (error: unknown) => unknown): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(repository)) {
    // Async generators are whole-catalog reads: left as they are (as retryWhenBusy does).
    if (typeof value !== 'function' || isAsyncGenerator(value)) {
      wrapped[name] = value;
      continue;
    }
    wrapped[name] = (...args: unknown[]) => {
      try {
        const result = value.apply(repository, args);
        return result instanceof Promise
          ? result.catch((error: unknown) => {
              throw translate(error);
            })
          : result;
      } catch (error) {
        throw translate(error);
      }
    };
  }
  return wrapped as T;
}
