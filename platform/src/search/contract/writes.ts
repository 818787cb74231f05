import type { SearchEngine } from '../port';
import { CATALOG, ids, searchDocument } from './catalog';

// Applying the change log's batches (upserts, deletes, the checkpoint), and the fingerprints the
// index check compares with the store: part of the search contract (describeSearchContract).

export function describeCheckpointContract(engine: () => SearchEngine): void {
  it('records the change-log position of the last applied batch', async () => {
    expect(await engine().checkpoint()).toBe(5);
    expect(await engine().stats()).toEqual({ documents: 5, checkpoint: 5 });
  });
}

export function describeWritesContract(engine: () => SearchEngine): void {
  it('applies upserts and deletes idempotently', async () => {
    const changed = { ...CATALOG[1]!, description: 'Now drafts sales proposals.' };
    await engine().apply({ upserts: [changed], deletes: ['5'], checkpoint: 7 });
    await engine().apply({ upserts: [changed], deletes: ['5', '404'], checkpoint: 7 });
    expect(ids(await engine().search({ query: 'sales proposals' }))).toEqual(['2']);
    expect(ids(await engine().search({ query: 'VoiceForge' }))).not.toContain('5');
    expect(await engine().stats()).toEqual({ documents: 4, checkpoint: 7 });
  });

  it('finds agents again after they were deleted and upserted back (an admin restore), even every agent', async () => {
    const everyId = CATALOG.map((document) => document.id);
    await engine().apply({ upserts: [], deletes: everyId, checkpoint: 6 });
    expect(ids(await engine().search({ query: 'VoiceForge' }))).toEqual([]);
    await engine().apply({ upserts: [CATALOG[4]!], deletes: [], checkpoint: 7 });
    expect(ids(await engine().search({ query: 'VoiceForge' }))).toEqual(['5']);
    await engine().apply({ upserts: CATALOG, deletes: [], checkpoint: 8 });
    expect(ids(await engine().search({ query: 'VoiceForge' }))).toEqual(['5']);
  });

  it('skips a batch whose starting position is no longer the index checkpoint', async () => {
    const result = await engine().apply({
      upserts: [searchDocument('8')],
      deletes: [],
      checkpoint: 9,
      expectCheckpoint: 4,
    });
    expect(result.skipped).toBe(true);
    expect(await engine().stats()).toEqual({ documents: 5, checkpoint: 5 });
    const next = await engine().apply({
      upserts: [searchDocument('8')],
      deletes: [],
      checkpoint: 9,
      expectCheckpoint: 5,
    });
    expect(next.skipped).toBeFalsy();
    expect(await engine().stats()).toEqual({ documents: 6, checkpoint: 9 });
  });
}

export function describeFingerprintsContract(engine: () => SearchEngine): void {
  it('fingerprints every document so a check can compare it with the store', async () => {
    const fingerprints = await engine().fingerprints();
    expect([...fingerprints.keys()].sort()).toEqual(['1', '2', '3', '4', '5']);
    const before = fingerprints.get('4');
    await engine().apply({ upserts: [{ ...CATALOG[3]!, cost: 'Free' }], deletes: [], checkpoint: 6 });
    expect((await engine().fingerprints()).get('4')).not.toBe(before);
  });
}
