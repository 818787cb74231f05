import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { searchDocument } from '../../contract';
import { imageFromBytes, imageToBytes, residentLength } from '../index-image';
import { InvertedIndex } from '../inverted-index';
import { TimeSlices } from '../time-slices';
import { readSnapshot, SnapshotRefused, writeSnapshot } from './snapshot-file';

// What a serving process holds of a snapshot: everything but the documents' bodies, which stay in
// the file and are read a page of hits at a time (issue 24: 52 of 118 MB at 100,000 agents, in
// each API process). The file is still checked whole before it is used.

const HEADER = { fileId: 'f', generation: 1, seq: 0, checkpoint: 0, documents: 3 };

describe('the snapshot file', () => {
  let dir: string;
  let file: string;
  const index = new InvertedIndex();
  index.load([
    searchDocument('1', { name: 'Ledgerly', description: 'Keeps the books balanced' }),
    searchDocument('2', { name: 'Parlance', description: 'Translates contracts' }),
    searchDocument('3', { name: 'Hirewise', description: 'Screens applicants' }),
  ]);

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-snapshot-file-'));
    file = path.join(dir, 'search-index.snapshot');
    const image = imageToBytes(index.image());
    await writeSnapshot(file, HEADER, image, residentLength(image));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is read without the documents’ bodies, which a loaded index reads from the file', async () => {
    const snapshot = (await readSnapshot(file))!;
    const resident = Buffer.from(snapshot.image).toString('latin1');
    expect(resident).not.toContain('Keeps the books balanced');
    expect(resident).toContain('ledgerly');
    const loaded = await InvertedIndex.fromImage(
      await imageFromBytes(snapshot.image, undefined, snapshot.rest),
    );
    try {
      expect([0, 1, 2].map((n) => loaded.document(n))).toEqual([0, 1, 2].map((n) => index.document(n)));
      // Documents written after the load are held in memory beside those left in the file.
      loaded.upsert(searchDocument('4', { name: 'Quayside', description: 'Books freight' }));
      loaded.upsert(searchDocument('2', { name: 'Parlance', description: 'Translates leases' }));
      expect(loaded.get('4')?.description).toBe('Books freight');
      expect(loaded.get('2')?.description).toBe('Translates leases');
      expect(loaded.get('1')?.description).toBe('Keeps the books balanced');
      // And an image of it holds every body again, wherever it was read from.
      const again = await InvertedIndex.fromImage(await imageFromBytes(imageToBytes(loaded.image())));
      expect(['1', '2', '3', '4'].map((id) => again.get(id)?.description)).toEqual([
        'Keeps the books balanced',
        'Translates leases',
        'Screens applicants',
        'Books freight',
      ]);
    } finally {
      await loaded.close();
    }
  });

  it('has a body shown again read from the file once, each copy a document of its own', async () => {
    const snapshot = (await readSnapshot(file))!;
    const loaded = await InvertedIndex.fromImage(
      await imageFromBytes(snapshot.image, undefined, snapshot.rest),
    );
    const reads = jest.spyOn(fs, 'readSync');
    try {
      const first = loaded.document(0)!;
      const readsOfOne = reads.mock.calls.length;
      expect(readsOfOne).toBeGreaterThan(0);
      first.name = 'changed by whoever got it';
      expect(loaded.document(0)?.name).toBe('Ledgerly');
      expect(reads.mock.calls.length).toBe(readsOfOne);
      // A body rewritten in place (a change to what a hit shows only) is shown from then on, though
      // its old text was kept.
      expect(
        loaded.replaceShown(searchDocument('1', { name: 'Ledgerly', description: 'Keeps the books' })),
      ).toBe(true);
      expect(loaded.document(0)?.description).toBe('Keeps the books');
    } finally {
      reads.mockRestore();
      await loaded.close();
    }
  });

  it('is refused when a byte of the bodies left in the file is altered, though they are not held', async () => {
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf('Screens applicants');
    expect(at).toBeGreaterThan(0);
    bytes[at]! ^= 0x20;
    fs.writeFileSync(file, bytes);
    await expect(readSnapshot(file)).rejects.toThrow(SnapshotRefused);
  });

  it('is refused when cut short within the bodies', async () => {
    fs.truncateSync(file, fs.statSync(file).size - 10);
    await expect(readSnapshot(file)).rejects.toThrow(
      'snapshot checksum does not match (damaged or cut short)',
    );
  });

  it('When a thread that answers requests reads it (in slices), then another thread reads and checks the bytes, and the same snapshot comes back', async () => {
    const alone = (await readSnapshot(file))!;
    await alone.rest.handle.close();
    // The bytes first touched on the serving thread cost it a page fault each (snapshot-bytes.ts).
    const checksums = jest.spyOn(zlib, 'crc32');
    try {
      const sliced = (await readSnapshot(file, new TimeSlices(8)))!;
      await sliced.rest.handle.close();
      expect(checksums).not.toHaveBeenCalled();
      expect(sliced.header).toEqual(alone.header);
      expect(Buffer.from(sliced.image).equals(Buffer.from(alone.image))).toBe(true);
      expect({ ...sliced.rest, handle: null }).toEqual({ ...alone.rest, handle: null });
    } finally {
      checksums.mockRestore();
    }
  });

  it('When a thread that answers requests reads it, then the image arrives without adding to the external memory its collector weighs', async () => {
    // 8 MB of image: V8 counted an ArrayBuffer handed over as external memory at once, and the
    // 74 MB of a 100,000-agent image set off a full collection of the worker's heap (snapshot-bytes.ts).
    const large = Buffer.alloc(8 * 1024 * 1024, 7);
    await writeSnapshot(file, HEADER, large, large.length);
    const external = process.memoryUsage().external;
    const snapshot = (await readSnapshot(file, new TimeSlices(8)))!;
    try {
      expect(process.memoryUsage().external - external).toBeLessThan(1024 * 1024);
      expect(snapshot.image.byteLength).toBe(large.length);
      expect(Buffer.from(snapshot.image).equals(large)).toBe(true);
    } finally {
      await snapshot.rest.handle.close();
    }
  });

  it('When a thread that answers requests reads a damaged one, then it is refused as on any thread', async () => {
    const bytes = fs.readFileSync(file);
    bytes[bytes.indexOf('Screens applicants')]! ^= 0x20;
    fs.writeFileSync(file, bytes);
    await expect(readSnapshot(file, new TimeSlices(8))).rejects.toThrow(
      new SnapshotRefused('snapshot checksum does not match (damaged or cut short)'),
    );
    fs.writeFileSync(file, bytes.subarray(0, 20));
    await expect(readSnapshot(file, new TimeSlices(8))).rejects.toThrow(SnapshotRefused);
  });
});
