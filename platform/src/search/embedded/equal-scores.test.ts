import { searchDocument } from '../contract';
import type { SearchRequest } from '../port';
import { EmbeddedSearchEngine } from './embedded-engine';

// The ranking policy's promise at the engine's depth: among agents the engine cannot tell apart
// (same score, same sort key), the older listing (lower id) comes first, wherever an order is made
// or a list is cut (the first tier's second half, the ranking window, role feedback's top, a page,
// a look-alike list, a sort). A re-index gives a document a new number (a provider's plan starting
// re-indexes its agents): it must not change which agents are listed nor their order.

/** Agents alike in every field the engine reads, so every one scores and sorts the same. */
const alike = (count: number, fields: Parameters<typeof searchDocument>[1] = {}) =>
  Array.from({ length: count }, (_, i) =>
    searchDocument(String(i + 1), {
      name: 'Ledger Helper',
      role: 'Bookkeeper',
      category: 'Finance',
      description: 'Reconciles invoices and receipts.',
      cost: '$10/month',
      ...fields,
    }),
  );

async function engineWith(documents: ReturnType<typeof searchDocument>[]) {
  const engine = await EmbeddedSearchEngine.open(':memory:', { serve: true, pollMs: 60_000 });
  await engine.apply({ upserts: documents, deletes: [], checkpoint: 1 });
  return engine;
}

async function answers(engine: EmbeddedSearchEngine, requests: SearchRequest[]): Promise<string[][]> {
  return Promise.all(
    requests.map(async (request) => (await engine.search(request)).hits.map((hit) => hit.document.id)),
  );
}

/** The same documents written again, as an update that changes nothing the search reads does. */
async function reindex(engine: EmbeddedSearchEngine, documents: ReturnType<typeof searchDocument>[]) {
  await engine.apply({ upserts: documents, deletes: [], checkpoint: 2 });
}

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

describe('agents the engine cannot tell apart', () => {
  it('when more of them match than the ranking window holds, then a re-index changes neither which are listed nor their order', async () => {
    // 130 equal matches against a window of 100: the window's cut falls among equals.
    const documents = alike(130);
    const engine = await engineWith(documents);
    const requests: SearchRequest[] = [
      { query: 'invoices', hitsPerPage: 20 },
      { query: 'invoices', hitsPerPage: 20, page: 4 },
      { query: 'invoices', hitsPerPage: 20, page: 5 },
      { query: 'invoices receipts', hitsPerPage: 10, facets: ['category'] },
    ];
    const before = await answers(engine, requests);
    expect(before[0]).toEqual(ids(1, 20));
    expect(before[1]).toEqual(ids(81, 100));

    await reindex(engine, [...documents.slice(0, 12), documents[90]!]);
    expect(await answers(engine, requests)).toEqual(before);
    await engine.close();
  });

  it('when they are listed as look-alikes of another agent, then a re-index keeps the same ones in the same order', async () => {
    const documents = alike(40);
    const engine = await engineWith(documents);
    const requests: SearchRequest[] = [{ query: '', similarTo: '40', hitsPerPage: 12 }];
    const before = await answers(engine, requests);
    expect(before[0]).toEqual(ids(1, 12));

    await reindex(engine, documents.slice(0, 5));
    expect(await answers(engine, requests)).toEqual(before);
    await engine.close();
  });

  it('when they fill a short page as a second tier, then a re-index keeps the same ones in the same order', async () => {
    // One agent matches the whole query; 30 equal ones match part of it, more than the page needs.
    const documents = [
      searchDocument('1', { name: 'Stripes', description: 'Zebra tracking and invoices.' }),
      ...alike(31).slice(1),
    ];
    const engine = await engineWith(documents);
    const requests: SearchRequest[] = [{ query: 'zebra invoices', hitsPerPage: 50 }];
    const before = await answers(engine, requests);
    expect(before[0]![0]).toBe('1');
    expect(before[0]!.slice(1, 6)).toEqual(ids(2, 6));

    await reindex(engine, documents.slice(1, 8));
    expect(await answers(engine, requests)).toEqual(before);
    await engine.close();
  });

  it('when a sort finds them equal, then browsing and sorted searches keep the same ones in the same order after a re-index', async () => {
    const documents = alike(40);
    const engine = await engineWith(documents);
    const requests: SearchRequest[] = [
      { query: '', hitsPerPage: 10 },
      { query: '', hitsPerPage: 10, sort: 'price_asc' },
      { query: '', hitsPerPage: 10, sort: 'newest', page: 1 },
      { query: 'invoices', hitsPerPage: 10, sort: 'name' },
      { query: 'invoices', hitsPerPage: 10, sort: 'price_desc', page: 2 },
    ];
    const before = await answers(engine, requests);
    expect(before[0]).toEqual(ids(1, 10));

    await reindex(engine, documents.slice(0, 6));
    expect(await answers(engine, requests)).toEqual(before);
    await engine.close();
  });
});
