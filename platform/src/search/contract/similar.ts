import type { SearchEngine } from '../port';
import { ids, searchDocument } from './catalog';

// Agents like a given one, and the engine answering at all: part of the search contract
// (describeSearchContract).

export function describeSimilarContract(engine: () => SearchEngine): void {
  it('ranks agents like a given one, leaving it out', async () => {
    await engine().apply({
      upserts: [
        searchDocument('6', {
          name: 'CountBot',
          category: 'Finance',
          role: 'Bookkeeper',
          description: 'Reconciles accounts and categorises transactions.',
        }),
      ],
      deletes: [],
      checkpoint: 6,
    });
    const response = await engine().search({ query: '', similarTo: '4', hitsPerPage: 3 });
    expect(ids(response)[0]).toBe('6');
    expect(ids(response)).not.toContain('4');
  });
}

export function describePingContract(engine: () => SearchEngine): void {
  it('answers a ping', async () => {
    await expect(engine().ping()).resolves.toBeUndefined();
  });
}
