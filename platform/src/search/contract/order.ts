import type { SearchEngine } from '../port';
import { ids, searchDocument } from './catalog';

// Pages and sort orders: part of the search contract (describeSearchContract).

export function describeOrderContract(engine: () => SearchEngine): void {
  it('pages through results', async () => {
    const first = await engine().search({ query: '', hitsPerPage: 2, page: 0, sort: 'name' });
    const second = await engine().search({ query: '', hitsPerPage: 2, page: 1, sort: 'name' });
    expect(ids(first)).toEqual(['1', '4']);
    expect(ids(second)).toEqual(['2', '3']);
    expect(first.totalHits).toBe(5);
  });

  it('sorts by monthly price with unpriced agents last', async () => {
    const response = await engine().search({ query: '', sort: 'price_asc' });
    expect(ids(response).slice(0, 3)).toEqual(['5', '1', '3']);
  });

  it('sorts newest first by listing time, documents without one last', async () => {
    await engine().apply({
      upserts: [
        { ...searchDocument('n1', { name: 'Older Listing' }), created_at: '2026-01-01T00:00:00.000Z' },
        { ...searchDocument('n2', { name: 'Newer Listing' }), created_at: '2026-06-01T00:00:00.000Z' },
      ],
      deletes: [],
      checkpoint: 6,
    });
    const order = ids(await engine().search({ query: '', sort: 'newest', hitsPerPage: 10 }));
    expect(order.slice(0, 2)).toEqual(['n2', 'n1']);
    expect(order).toHaveLength(7);
  });
}
