import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recordingLogger } from '../../../rate-limit/testing';
import { searchDocument } from '../../contract';
import type { SearchDocument } from '../../port';
import { EmbeddedSearchEngine } from '../embedded-engine';
import { SearchDb } from '../search-db';
import { TimeSlices } from '../time-slices';
import { IndexSnapshots, loadTurnFileOf } from './index-snapshots';
import { SNAPSHOT_FILE_NAME, SNAPSHOT_FORMAT } from './snapshot-file';
import { SnapshotLock } from './snapshot-lock';

// The snapshot as the engine uses it, on a real search.db in a directory of its own. inThreadLimit 0
// makes these few documents count as a large index: loaded from the snapshot, which is built on a
// worker thread when missing, damaged or old. Whatever happens to the snapshot, nothing written to
// search.db may be lost: every document must be found after the load.

const DOCUMENTS = 60;
const JOBS = ['Bookkeeper', 'Translator', 'Recruiter'];

const documentNumber = (i: number): SearchDocument =>
  searchDocument(String(i), {
    name: `Tally${i}`,
    role: JOBS[i % JOBS.length]!,
    description: `Keeps the books of shop ${i}.`,
  });

describe('the index snapshot', () => {
  let dir: string;
  let file: string;
  let snapshotFile: string;
  const open: EmbeddedSearchEngine[] = [];

  const writer = async () => {
    const engine = await EmbeddedSearchEngine.open(file, { serve: false, snapshots: true, inThreadLimit: 0 });
    open.push(engine);
    return engine;
  };
  const serving = async () => {
    const { logger, lines } = recordingLogger();
    const engine = await EmbeddedSearchEngine.open(file, {
      serve: true,
      snapshots: true,
      inThreadLimit: 0,
      pollMs: 60_000,
      logger,
    });
    open.push(engine);
    const loads = () =>
      lines.filter((line) => line.msg === 'search index loaded') as unknown as Array<{ from: string }>;
    return { engine, lines, loads };
  };
  /** Rebuilds the whole index through a writer, as `npm run reindex` does. */
  const rebuild = async (documents: SearchDocument[], checkpoint: number) => {
    const build = await (await writer()).beginRebuild();
    await build.add(documents);
    await build.swap(checkpoint);
  };
  const ids = async (engine: EmbeddedSearchEngine, query: string) =>
    (await engine.search({ query, hitsPerPage: 100 })).hits.map((hit) => hit.document.id).sort();
  const expectEveryDocument = async (engine: EmbeddedSearchEngine, count: number) => {
    expect(engine.size).toBe(count);
    for (const i of [0, 7, count - 1]) expect(await ids(engine, `tally${i}`)).toContain(String(i));
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-snapshot-'));
    file = path.join(dir, 'search.db');
    snapshotFile = path.join(dir, SNAPSHOT_FILE_NAME);
  });
  afterEach(async () => {
    for (const engine of open.splice(0)) await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is written by a rebuild and loaded by the serving engine, with the same answers as analysing the file', async () => {
    const documents = Array.from({ length: DOCUMENTS }, (_, i) => documentNumber(i));
    await rebuild(documents, 7);
    expect(fs.existsSync(snapshotFile)).toBe(true);
    const { engine, loads } = await serving();
    expect(loads()).toEqual([expect.objectContaining({ from: 'snapshot', documents: DOCUMENTS })]);
    expect(engine.servingPosition()).toBe(7);
    const analysed = await EmbeddedSearchEngine.open(file, { serve: true, pollMs: 60_000 });
    open.push(analysed);
    for (const query of ['bookkeeper', 'books of shop', 'tally12', 'translatr', '']) {
      const request = { query, facets: ['role' as const], highlight: true };
      const [ours, theirs] = [await engine.search(request), await analysed.search(request)];
      expect({ ...ours, processingTimeMs: 0 }).toEqual({ ...theirs, processingTimeMs: 0 });
    }
  });

  it('when cut short, is refused, built again on a worker thread, and nothing is lost', async () => {
    await rebuild(
      Array.from({ length: DOCUMENTS }, (_, i) => documentNumber(i)),
      3,
    );
    const whole = fs.statSync(snapshotFile).size;
    fs.truncateSync(snapshotFile, Math.floor(whole / 2));
    const { engine, lines, loads } = await serving();
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'search index snapshot not usable: building it on a worker thread',
        'search index snapshot built',
      ]),
    );
    expect(lines.find((line) => line.msg.startsWith('search index snapshot not usable'))).toMatchObject({
      reason: 'snapshot checksum does not match (damaged or cut short)',
    });
    expect(loads()).toEqual([expect.objectContaining({ from: 'snapshot' })]);
    await expectEveryDocument(engine, DOCUMENTS);
    expect(fs.statSync(snapshotFile).size).toBe(whole);
  });

  it('when a byte of it is altered, is refused and built again', async () => {
    await rebuild(
      Array.from({ length: DOCUMENTS }, (_, i) => documentNumber(i)),
      3,
    );
    const bytes = fs.readFileSync(snapshotFile);
    bytes[bytes.length - 100]! ^= 0xff;
    fs.writeFileSync(snapshotFile, bytes);
    const { engine, lines } = await serving();
    expect(lines.find((line) => line.msg.startsWith('search index snapshot not usable'))).toMatchObject({
      reason: 'snapshot checksum does not match (damaged or cut short)',
    });
    await expectEveryDocument(engine, DOCUMENTS);
  });

  it('when of the format before (the documents’ bodies read into memory with the rest), is refused, not misread, and built again', async () => {
    await rebuild(
      Array.from({ length: DOCUMENTS }, (_, i) => documentNumber(i)),
      3,
    );
    const bytes = fs.readFileSync(snapshotFile);
    bytes.writeUInt32LE(SNAPSHOT_FORMAT - 1, 16);
    fs.writeFileSync(snapshotFile, bytes);
    const { engine, lines, loads } = await serving();
    expect(lines.find((line) => line.msg.startsWith('search index snapshot not usable'))).toMatchObject({
      reason: `snapshot format ${SNAPSHOT_FORMAT - 1}, not ${SNAPSHOT_FORMAT}`,
    });
    expect(loads()).toEqual([expect.objectContaining({ from: 'snapshot' })]);
    await expectEveryDocument(engine, DOCUMENTS);
    expect(fs.readFileSync(snapshotFile).readUInt32LE(16)).toBe(SNAPSHOT_FORMAT);
  });

  it('when writes came after it, is loaded and the writes replayed from search.db: nothing lost', async () => {
    await rebuild(
      Array.from({ length: DOCUMENTS }, (_, i) => documentNumber(i)),
      3,
    );
    const later = await writer();
    await later.apply({
      upserts: [documentNumber(DOCUMENTS), { ...documentNumber(1), name: 'Renamed' }],
      deletes: ['2'],
      checkpoint: 9,
    });
    const { engine, loads } = await serving();
    expect(loads()).toEqual([expect.objectContaining({ from: 'snapshot', documents: DOCUMENTS })]);
    // The snapshot's 60, then the three ops after it: one added, one renamed, one removed.
    expect(engine.size).toBe(DOCUMENTS);
    expect(await ids(engine, `tally${DOCUMENTS}`)).toContain(String(DOCUMENTS));
    expect((await engine.search({ query: 'renamed' })).hits[0]!.document.id).toBe('1');
    expect(await ids(engine, 'tally2')).not.toContain('2');
    expect(engine.servingPosition()).toBe(9);
  });

  it('when of an older generation (a rebuild left no snapshot), is refused and built again', async () => {
    await rebuild(
      Array.from({ length: DOCUMENTS }, (_, i) => documentNumber(i)),
      3,
    );
    const old = fs.readFileSync(snapshotFile);
    await rebuild(
      Array.from({ length: DOCUMENTS + 5 }, (_, i) => documentNumber(i)),
      8,
    );
    fs.writeFileSync(snapshotFile, old);
    const { engine, lines } = await serving();
    expect(lines.find((line) => line.msg.startsWith('search index snapshot not usable'))).toMatchObject({
      reason: 'snapshot of generation 2, the live one is 3',
    });
    await expectEveryDocument(engine, DOCUMENTS + 5);
  });

  it('when search.db was lost and made anew, is not taken for the new file', async () => {
    await rebuild(
      Array.from({ length: DOCUMENTS }, (_, i) => documentNumber(i)),
      3,
    );
    const old = fs.readFileSync(snapshotFile);
    for (const engine of open.splice(0)) await engine.close();
    for (const name of fs.readdirSync(dir)) if (name.startsWith('search.db')) fs.rmSync(path.join(dir, name));
    // A new search.db numbers its generations from 1 again: the same generation as the old snapshot's.
    await rebuild([documentNumber(100), documentNumber(101)], 2);
    fs.writeFileSync(snapshotFile, old);
    const { engine, lines } = await serving();
    expect(lines.find((line) => line.msg.startsWith('search index snapshot not usable'))).toMatchObject({
      reason: 'snapshot of another search.db',
    });
    expect(engine.size).toBe(2);
    expect(await ids(engine, '')).toEqual(['100', '101']);
  });

  it('When another process loads its replacing index, then a replacing load waits for it; a first load does not', async () => {
    await rebuild(
      Array.from({ length: DOCUMENTS }, (_, i) => documentNumber(i)),
      3,
    );
    const db = new SearchDb(file);
    try {
      const { logger, lines } = recordingLogger();
      const snapshots = new IndexSnapshots(db, file, snapshotFile, logger);
      // Another worker of the API in the middle of its own load (a lock of another holder).
      const other = new SnapshotLock(loadTurnFileOf(snapshotFile));
      expect(other.tryTake()).toBe(true);
      // A process's first load (a restart's: its searches wait for it) is not held back.
      const first = await snapshots.load(new TimeSlices(), { inTurn: false });
      expect(first?.index.size).toBe(DOCUMENTS);
      await first?.index.close();
      let settled = false;
      const replacing = snapshots
        .load(new TimeSlices(), { warmSearches: true, inTurn: true })
        .then((loaded) => {
          settled = true;
          return loaded;
        });
      const waiting = 'search index: waiting for another process to load the new index first';
      while (!lines.some((line) => line.msg === waiting))
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(settled).toBe(false);
      other.release();
      const loaded = await replacing;
      expect(loaded?.index.size).toBe(DOCUMENTS);
      await loaded?.index.close();
      // Its turn is given back: the next process's load takes it at once.
      expect(other.tryTake()).toBe(true);
      other.release();
    } finally {
      db.close();
    }
  });

  it('When a process opens its snapshots, then the analysis signature is worked out at once, not when the first snapshot is read (a lost mirror reads it while answering)', () => {
    jest.isolateModules(() => {
      const { signatureKnown } = require('./analysis-signature') as typeof import('./analysis-signature');
      const { IndexSnapshots } = require('./index-snapshots') as typeof import('./index-snapshots');
      expect(signatureKnown()).toBe(false);
      new IndexSnapshots({} as never, file, snapshotFile);
      expect(signatureKnown()).toBe(true);
    });
  });
});
