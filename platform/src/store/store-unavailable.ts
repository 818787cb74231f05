// The store answers reads but cannot save: its disk is full, it is read-only (a read-only mount,
// a MongoDB node that is no longer the primary), or its storage failed an I/O. Each adapter turns
// its own errors into this one (sqlite/storage-faults.ts, mongo/storage-faults.ts), so the API
// answers every such write with one clear 503 and Retry-After instead of a generic 500, whatever
// the adapter.

export type StorageFault = 'disk_full' | 'read_only' | 'io_error' | 'unreachable';

/** What to tell a client about when to try again: the time an operator or a failover needs. */
export const STORE_RETRY_AFTER_SECONDS = 60;

export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';

  constructor(
    readonly fault: StorageFault,
    options: { cause: unknown },
  ) {
    super(`The store cannot save (${fault})`, options);
  }
}
