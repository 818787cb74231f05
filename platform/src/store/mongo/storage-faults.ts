import type { StorageFault } from '../store-unavailable';

// MongoDB's errors for a store that cannot save, read from the error's shape (code, codeName,
// name, message) so this needs no connection and holds for errors wrapped by mongoose:
// - the disk is full: OutOfDiskSpace (14031), or WiredTiger's ENOSPC quoted in the message;
// - no writable primary: the node stepped down or is shutting down (NotWritablePrimary and kin);
// - no server answers: the driver's network and server-selection errors.
// Duplicate keys, validation and the like are left alone: they are the request's fault.

const DISK_FULL_CODES = new Set([14031]);
const NOT_PRIMARY_CODES = new Set([
  10107, // NotWritablePrimary
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
  189, // PrimarySteppedDown
  11602, // InterruptedDueToReplStateChange
  91, // ShutdownInProgress
  11600, // InterruptedAtShutdown
]);
const NOT_PRIMARY_NAMES = new Set([
  'NotWritablePrimary',
  'NotPrimaryNoSecondaryOk',
  'NotPrimaryOrSecondary',
  'PrimarySteppedDown',
  'InterruptedDueToReplStateChange',
  'ShutdownInProgress',
  'InterruptedAtShutdown',
]);
const UNREACHABLE_ERRORS = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
]);

interface MongoErrorShape {
  name?: unknown;
  code?: unknown;
  codeName?: unknown;
  message?: unknown;
  /** A write concern failure carries the server's code here. */
  writeConcernError?: { code?: unknown; codeName?: unknown; errmsg?: unknown };
}

export function mongoStorageFault(error: unknown): StorageFault | null {
  if (typeof error !== 'object' || error === null) return null;
  const shape = error as MongoErrorShape;
  const codes = [shape.code, shape.writeConcernError?.code];
  const names = [shape.codeName, shape.writeConcernError?.codeName];
  const text = `${String(shape.message ?? '')} ${String(shape.writeConcernError?.errmsg ?? '')}`;
  if (codes.some((code) => DISK_FULL_CODES.has(code as number)) || names.includes('OutOfDiskSpace'))
    return 'disk_full';
  if (/no space left on device|\bENOSPC\b/i.test(text)) return 'disk_full';
  if (codes.some((code) => NOT_PRIMARY_CODES.has(code as number))) return 'read_only';
  if (names.some((name) => NOT_PRIMARY_NAMES.has(name as string))) return 'read_only';
  if (typeof shape.name === 'string' && UNREACHABLE_ERRORS.has(shape.name)) return 'unreachable';
  return null;
}
