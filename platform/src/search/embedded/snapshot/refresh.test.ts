import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { searchDocument } from '../../contract';
import { SearchDb } from '../search-db';
import { IndexSnapshots, REFRESH_OPS, REFRESH_QUIET_MS } from './index-snapshots';
import { readSnapshotHeader, SNAPSHOT_FILE_NAME } from './snapshot-file';

// When a serving engine has a new snapshot built: once the index has moved REFRESH_OPS ops past the
// last one, and only after REFRESH_QUIET_MS without a new op, so that a burst of writes (an upload)
// keeps the core it needs. The clock is the test's.

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 600 && !(await condition()); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('the snapshot refresh', () => {
  let dir: string;
  let db: SearchDb;
  let snapshots: IndexSnapshots;
  let snapshotFile: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-refresh-'));
    const file = path.join(dir, 'search.db');
    snapshotFile = path.join(dir, SNAPSHOT_FILE_NAME);
    db = new SearchDb(file);
    db.apply([searchDocument('1'), searchDocument('2')], [], 2);
    snapshots = new IndexSnapshots(db, file, snapshotFile);
  });
  afterEach(async () => {
    await snapshots.stop();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('waits for the index to be quiet, then builds one on a worker thread', async () => {
    const far = REFRESH_OPS + 10;
    snapshots.refreshIfBehind(far, 1_000);
    // Ops still coming: the quiet period starts again at each new position.
    snapshots.refreshIfBehind(far + 1, 1_000 + REFRESH_QUIET_MS);
    snapshots.refreshIfBehind(far + 1, 1_000 + 2 * REFRESH_QUIET_MS - 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.existsSync(snapshotFile)).toBe(false);
    snapshots.refreshIfBehind(far + 1, 1_000 + 2 * REFRESH_QUIET_MS);
    await until(async () => fs.existsSync(snapshotFile));
    expect(await readSnapshotHeader(snapshotFile)).toMatchObject({
      generation: 1,
      documents: 2,
      checkpoint: 2,
    });
  });

  it('builds nothing while the index is fewer than REFRESH_OPS ops past the snapshot', async () => {
    snapshots.refreshIfBehind(REFRESH_OPS - 1, 0);
    snapshots.refreshIfBehind(REFRESH_OPS - 1, 10 * REFRESH_QUIET_MS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.existsSync(snapshotFile)).toBe(false);
  });
});
