import { FAULT_MEMORY_MS, guardStorageFaults } from './guard-storage-faults';
import { openSqliteStore } from './sqlite/sqlite-store';
import { StoreUnavailableError } from './store-unavailable';

// The guard on a real embedded store: a read-only connection (PRAGMA query_only) fails writes
// with SQLITE_READONLY, which must leave the store as StoreUnavailableError; ping fails until a
// write works again; other errors pass through untouched.

describe('guardStorageFaults', () => {
  it('turns a read-only store’s write error into StoreUnavailableError, and ping into a failure until writes work', async () => {
    let connection: import('better-sqlite3').Database | undefined;
    const store = openSqliteStore(':memory:', { onOpen: (db) => (connection = db) });
    await store.kv.set('kept', 'before');
    connection!.pragma('query_only = ON');

    const refused = await store.kv.set('lost', 'during').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    expect(refused).toMatchObject({ fault: 'read_only', cause: { code: 'SQLITE_READONLY' } });
    expect(await store.kv.get('kept')).toBe('before');
    await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);

    connection!.pragma('query_only = OFF');
    await expect(store.ping()).resolves.toBeUndefined();
    await store.kv.set('saved', 'after');
    expect(await store.kv.get('saved')).toBe('after');
    await store.close();
  });

  it('without a write probe, reports a fault for a while after it was last seen', async () => {
    let clock = 0;
    const inner = openSqliteStore(':memory:');
    const failing = {
      ...inner,
      kv: { ...inner.kv, set: async (_key: string, _value: string) => Promise.reject({ code: 'X_FULL' }) },
    };
    const store = guardStorageFaults(failing, {
      classify: (error) => ((error as { code?: string }).code === 'X_FULL' ? 'disk_full' : null),
      now: () => clock,
    });
    await expect(store.kv.set('a', 'b')).rejects.toMatchObject({ fault: 'disk_full' });
    await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    clock += FAULT_MEMORY_MS;
    await expect(store.ping()).resolves.toBeUndefined();
    await inner.close();
  });

  it('lets errors that are not storage faults through as they are', async () => {
    const inner = openSqliteStore(':memory:');
    const broken = new TypeError('a bug');
    const failing = { ...inner, kv: { ...inner.kv, get: async (_key: string) => Promise.reject(broken) } };
    const store = guardStorageFaults(failing, { classify: () => null });
    await expect(store.kv.get('a')).rejects.toBe(broken);
    await expect(store.ping()).resolves.toBeUndefined();
    await inner.close();
  });
});
