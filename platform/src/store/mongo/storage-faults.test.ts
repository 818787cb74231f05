import mongoose from 'mongoose';
import { mongoStorageFault } from './storage-faults';

// The driver's own error classes (mongoose.mongo is the MongoDB driver), built with the fields a
// server answers, since no MongoDB server runs here: each "cannot save" shape maps to a fault,
// and errors that are the request's own stay what they are.

const { MongoServerError, MongoWriteConcernError, MongoServerSelectionError, MongoNetworkError } =
  mongoose.mongo;

describe('mongoStorageFault', () => {
  it('reads a full disk from OutOfDiskSpace and from ENOSPC in the message', () => {
    const outOfSpace = new MongoServerError({
      code: 14031,
      codeName: 'OutOfDiskSpace',
      errmsg: 'Not enough disk space',
    });
    const enospc = new MongoServerError({ code: 8, errmsg: 'WiredTiger error (28) No space left on device' });
    expect(mongoStorageFault(outOfSpace)).toBe('disk_full');
    expect(mongoStorageFault(enospc)).toBe('disk_full');
  });

  it('reads "no writable primary" as read-only, on the error or in its write concern error', () => {
    const stepped = new MongoServerError({
      code: 10107,
      codeName: 'NotWritablePrimary',
      errmsg: 'not primary',
    });
    const shuttingDown = new MongoServerError({
      code: 91,
      codeName: 'ShutdownInProgress',
      errmsg: 'shutting down',
    });
    const concern = new MongoWriteConcernError({
      ok: 1,
      writeConcernError: { code: 189, codeName: 'PrimarySteppedDown', errmsg: 'stepped down' },
    });
    for (const error of [stepped, shuttingDown, concern]) expect(mongoStorageFault(error)).toBe('read_only');
  });

  it('reads no server answering as unreachable', () => {
    expect(mongoStorageFault(new MongoServerSelectionError('Server selection timed out', {} as never))).toBe(
      'unreachable',
    );
    expect(mongoStorageFault(new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017'))).toBe(
      'unreachable',
    );
  });

  it('leaves the request’s own errors alone', () => {
    const duplicate = new MongoServerError({
      code: 11000,
      codeName: 'DuplicateKey',
      errmsg: 'E11000 duplicate key',
    });
    expect(mongoStorageFault(duplicate)).toBeNull();
    expect(mongoStorageFault(new Error('Cast to ObjectId failed'))).toBeNull();
    expect(mongoStorageFault(null)).toBeNull();
  });
});
