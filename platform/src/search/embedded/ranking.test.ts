import { searchDocument } from '../contract';
import { EmbeddedSearchEngine } from './embedded-engine';

// Ranking behaviours that come from how queries are read, on small catalogs built for each case.

async function engineWith(documents: ReturnType<typeof searchDocument>[]) {
  const engine = await EmbeddedSearchEngine.open(':memory:', { serve: true, pollMs: 60_000 });
  await engine.apply({ upserts: documents, deletes: [], checkpoint: 1 });
  return engine;
}

const names = async (engine: EmbeddedSearchEngine, query: string) =>
  (await engine.search({ query })).hits.map((hit) => hit.document.name);

describe('embedded ranking', () => {
  it('does not read "accounting" as the account of an account executive', async () => {
    const engine = await engineWith([
      searchDocument('1', {
        name: 'Closer',
        role: 'Account Executive',
        description: 'Books demos for your business.',
      }),
      searchDocument('2', { name: 'Ledgerly', role: 'Accountant', description: 'Keeps your books.' }),
    ]);
    expect(await names(engine, 'bookkeeping for my business')).toEqual(['Ledgerly', 'Closer']);
    expect(await names(engine, 'accounting')).toEqual(['Ledgerly']);
    await engine.close();
  });

  it('does not read "documents" as documentation', async () => {
    const engine = await engineWith([
      searchDocument('1', {
        name: 'DocWriter',
        role: 'Technical Writer',
        description: 'Writes documentation.',
      }),
      searchDocument('2', { name: 'Lingo', role: 'Translator', description: 'Translates documents.' }),
    ]);
    expect(await names(engine, 'translate documents')).toEqual(['Lingo']);
    await engine.close();
  });

  it('fills a short page with agents matching less of the query, after those matching it well', async () => {
    const partial = Array.from({ length: 25 }, (_, i) =>
      searchDocument(`p${i}`, { name: `Poster ${i}`, description: 'Schedules social media posts.' }),
    );
    const unrelated = Array.from({ length: 20 }, (_, i) => searchDocument(`u${i}`, { name: `Helper ${i}` }));
    const engine = await engineWith([
      searchDocument('z', { name: 'Stripes', description: 'Zebra tracking on social media.' }),
      ...partial,
      ...unrelated,
    ]);
    const response = await engine.search({ query: 'zebra tracking on social media', hitsPerPage: 50 });
    const found = response.hits.map((hit) => hit.document.name);
    expect(found[0]).toBe('Stripes');
    expect(found.slice(1).every((name) => name.startsWith('Poster'))).toBe(true);
    // A page's worth, not every agent that mentions social media.
    expect(response.totalHits).toBe(20);
    await engine.close();
  });
});
