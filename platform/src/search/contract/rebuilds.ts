import type { SearchEngine } from '../port';
import { ids, searchDocument } from './catalog';

// Rebuilding the index beside the live one and swapping it in: part of the search contract
// (describeSearchContract).

export function describeRebuildsContract(engine: () => SearchEngine): void {
  it('rebuilds into a new index and swaps it in at once', async () => {
    const build = await engine().beginRebuild();
    await build.add([
      searchDocument('9', { name: 'Fresh Start', description: 'Only agent after the rebuild.' }),
    ]);
    expect(ids(await engine().search({ query: 'LedgerLeaf' }))).toEqual(['4']);
    await build.swap(42);
    expect(ids(await engine().search({ query: '' }))).toEqual(['9']);
    expect(await engine().checkpoint()).toBe(42);
  });

  it('never goes live half empty when two rebuilds overlap, whichever swaps first', async () => {
    const all = Array.from({ length: 40 }, (_, i) => searchDocument(`o${i}`, { name: `Overlap ${i}` }));
    // The second rebuild swaps while the first is still adding.
    const first = await engine().beginRebuild();
    const second = await engine().beginRebuild();
    await first.add(all.slice(0, 20));
    await second.add(all);
    await second.swap(50);
    await first.add(all.slice(20));
    await first.swap(49);
    expect(await engine().stats()).toMatchObject({ documents: 40 });
    // The first rebuild swaps while the second is still adding.
    const third = await engine().beginRebuild();
    const fourth = await engine().beginRebuild();
    await fourth.add(all.slice(0, 20));
    await third.add(all);
    await third.swap(51);
    await fourth.add(all.slice(20));
    await fourth.swap(52);
    expect(await engine().stats()).toEqual({ documents: 40, checkpoint: 52 });
    expect(ids(await engine().search({ query: 'Overlap 39' }))).toContain('o39');
    expect(ids(await engine().search({ query: 'Overlap 0' }))).toContain('o0');
  });

  it('keeps the live index when a rebuild is aborted', async () => {
    const build = await engine().beginRebuild();
    await build.add([searchDocument('9')]);
    await build.abort();
    expect(await engine().stats()).toEqual({ documents: 5, checkpoint: 5 });
  });
}
