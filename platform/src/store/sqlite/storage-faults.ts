import type { StorageFault } from '../store-unavailable';

// SQLite's result codes for a store that cannot save: SQLITE_FULL (the disk, or max_page_count,
// is full: SQLite maps ENOSPC to it), SQLITE_READONLY and its extended codes (a read-only file or
// mount, PRAGMA query_only), SQLITE_IOERR_* (the disk failed a read or write). SQLITE_CORRUPT is
// left out on purpose: it needs a person, not a retry.

export function sqliteStorageFault(error: unknown): StorageFault | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'SQLITE_FULL') return 'disk_full';
  if (code === 'SQLITE_READONLY' || code.startsWith('SQLITE_READONLY_')) return 'read_only';
  if (code === 'SQLITE_IOERR' || code.startsWith('SQLITE_IOERR_')) return 'io_error';
  return null;
}
