import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { searchDocument } from '../../contract';
import { imageToBytes, residentLength } from '../index-image';
import { InvertedIndex } from '../inverted-index';
import { SearchDb } from '../search-db';
import { UNSLICED } from '../time-slices';
import { buildSnapshot } from './build-snapshot';
import { IndexSnapshots, REFRESH_OPS, REFRESH_QUIET_MS } from './index-snapshots';
import { readSnapshotHeader, SNAPSHOT_FILE_NAME, writeSnapshot } from './snapshot-file';

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
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-refresh-'));
    file = path.join(dir, 'search.db');
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

  // A snapshot written before catalogIntent's counts were kept: the index image has no intent parts.
  async function writeOutdatedSnapshot(): Promise<void> {
    const { generation, seq, checkpoint, bodies } = db.readGeneration();
    const index = new InvertedIndex();
    index.load(bodies.map((body) => JSON.parse(body)));
    await index.orders.prepare();
    const bytes = imageToBytes({ ...index.image(), intent: null });
    const header = { fileId: db.fileId(), generation, seq, checkpoint, documents: index.size };
    await writeSnapshot(snapshotFile, header, bytes, residentLength(bytes));
  }

  async function loadedOnce(): Promise<{ outdated: boolean | undefined; seq: number }> {
    const loaded = await snapshots.load(UNSLICED);
    if (!loaded) throw new Error('no snapshot loaded');
    await loaded.index.close();
    return { outdated: loaded.outdated, seq: loaded.seq };
  }

  it('rewrites a snapshot laid out by older code once the index is quiet, so later starts load it whole', async () => {
    await writeOutdatedSnapshot();
    const written = (await readSnapshotHeader(snapshotFile))?.createdAt;
    const { outdated, seq } = await loadedOnce();
    expect(outdated).toBe(true);
    // No op past it: only its layout makes it due.
    snapshots.refreshIfBehind(seq, 1_000);
    snapshots.refreshIfBehind(seq, 1_000 + REFRESH_QUIET_MS);
    await until(async () => (await readSnapshotHeader(snapshotFile))?.createdAt !== written);
    await snapshots.stop();
    snapshots = new IndexSnapshots(db, file, snapshotFile);
    expect((await loadedOnce()).outdated).toBe(false);
  });

  it('leaves a current snapshot as it is while the index is not REFRESH_OPS ops past it', async () => {
    await buildSnapshot(db, snapshotFile);
    const written = (await readSnapshotHeader(snapshotFile))?.createdAt;
    const { outdated, seq } = await loadedOnce();
    expect(outdated).toBe(false);
    snapshots.refreshIfBehind(seq, 0);
    snapshots.refreshIfBehind(seq, 10 * REFRESH_QUIET_MS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await readSnapshotHeader(snapshotFile))?.createdAt).toBe(written);
  });
});
