import { BUSY_TIMEOUT_MS } from '../store/sqlite/retry-when-busy';

// A background writer that sends its work in chunks (provider analytics' flush) leaves the store's
// write lock free between them for longer than a waiting writer's synchronous wait. With only a
// turn of the event loop between chunks, SQLite's lock was free for a moment each time: another
// process's write (a sign-up's account, a session) polling for it within busy_timeout mostly missed
// it, failed with SQLITE_BUSY, backed off (5, 10, 20, 40 ms …) and tried again into the next chunk,
// so a sign-up's few small writes waited through most of the other worker's flush (144 ms at the
// median, 241 at most, against a flush of 20 chunks of 10 ms; 23 ms at most with this gap: BENCHMARKS.md,
// issue 21). With a gap longer than busy_timeout, a writer that meets a chunk gets the lock as that
// chunk ends, within its first wait. MongoDB has no such lock; there the gap only spreads the flush.

/** The pause between a background writer's chunks: longer than BUSY_TIMEOUT_MS. */
export const WRITE_GAP_MS = BUSY_TIMEOUT_MS + 5;

/** Waits WRITE_GAP_MS (a timer: the event loop and the store's lock are free meanwhile). */
export const pauseBetweenWrites = (): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, WRITE_GAP_MS));
