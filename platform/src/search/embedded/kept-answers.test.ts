import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATALOG, searchDocument } from '../contract/catalog';
import type { SearchDocument, SearchRequest, SearchResponse } from '../port';
import { EmbeddedSearchEngine } from './embedded-engine';
import { imageFromBytes, imageToBytes } from './index-image';
import { InvertedIndex } from './inverted-index';

// Which kept answers a change to the catalog drops (issue 24): a change to what a hit shows of an
// agent (its site state, rating, logo…) drops the answers that show that agent and keeps the
// others; a change search reads (its words, facets, price) drops them all; an agent written again
// as it was drops none. A changed agent is never shown as it was.

const ids = (response: SearchResponse | undefined) => response?.hits.map((hit) => hit.document.id);

async function engineWith(documents: SearchDocument[]): Promise<EmbeddedSearchEngine> {
  const engine = await EmbeddedSearchEngine.open(':memory:', { serve: true, pollMs: 60_000 });
  await engine.apply({ upserts: documents, deletes: [], checkpoint: 1 });
  return engine;
}

/** InboxPilot (id 1) as the link checker leaves it when its site stops answering. */
const inboxPilotDown = (): SearchDocument => ({
  ...CATALOG.find((document) => document.id === '1')!,
  site_state: 'down',
  site_since: '2026-11-28T12:00:00.000Z',
});

describe('kept answers after a change to the catalog', () => {
  it('When only what a hit shows of an agent changes, then the answers showing it are dropped and shown anew, and the others kept', async () => {
    const engine = await engineWith(CATALOG);
    const showsIt = await engine.search({ query: 'customer emails' });
    const other = await engine.search({ query: 'meeting notes' });
    expect(ids(showsIt)).toContain('1');
    expect(ids(other)).not.toContain('1');

    await engine.apply({ upserts: [inboxPilotDown()], deletes: [], checkpoint: 2 });

    expect(engine.cached({ query: 'customer emails' })).toBeUndefined();
    expect(engine.cached({ query: 'meeting notes' })).toBe(other);
    const again = await engine.search({ query: 'customer emails' });
    expect(ids(again)).toEqual(ids(showsIt));
    expect(again.hits.find((hit) => hit.document.id === '1')?.document.site_state).toBe('down');
    expect(
      (await engine.search({ query: '', filters: { role: ['Customer Support Agent'] } })).hits[0]?.document,
    ).toMatchObject({ id: '1', site_state: 'down' });
    await engine.close();
  });

  it('When a field search reads changes, then every kept answer is dropped and the agent found by its new words', async () => {
    const engine = await engineWith(CATALOG);
    await engine.search({ query: 'meeting notes' });
    const edited = {
      ...CATALOG.find((document) => document.id === '1')!,
      description: 'Writes meeting notes.',
    };
    await engine.apply({ upserts: [edited], deletes: [], checkpoint: 2 });
    expect(engine.cached({ query: 'meeting notes' })).toBeUndefined();
    expect(ids(await engine.search({ query: 'meeting notes' }))).toContain('1');
    await engine.close();
  });

  it('When an agent is written again as it was, or removed, then nothing kept is dropped, or everything is', async () => {
    const engine = await engineWith(CATALOG);
    const kept = await engine.search({ query: 'customer emails' });
    await engine.apply({ upserts: [{ ...CATALOG[0]! }], deletes: [], checkpoint: 2 });
    expect(engine.cached({ query: 'customer emails' })).toBe(kept);
    await engine.apply({ upserts: [], deletes: ['3'], checkpoint: 3 });
    expect(engine.cached({ query: 'customer emails' })).toBeUndefined();
    await engine.close();
  });

  it('When a change to what hits show comes from another process, then the serving engine drops the same answers', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-kept-'));
    try {
      const file = path.join(dir, 'search.db');
      const server = await EmbeddedSearchEngine.open(file, { serve: true, pollMs: 60_000 });
      const writer = await EmbeddedSearchEngine.open(file, { serve: false });
      await writer.apply({ upserts: CATALOG, deletes: [], checkpoint: 1 });
      await server.sync();
      await server.search({ query: 'customer emails' });
      const other = await server.search({ query: 'meeting notes' });
      await writer.apply({ upserts: [inboxPilotDown()], deletes: [], checkpoint: 2 });
      await server.sync();
      expect(server.cached({ query: 'customer emails' })).toBeUndefined();
      expect(server.cached({ query: 'meeting notes' })).toBe(other);
      const again = await server.search({ query: 'customer emails' });
      expect(again.hits.find((hit) => hit.document.id === '1')?.document.site_state).toBe('down');
      await writer.close();
      await server.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('When only what hits show changed, then every answer is the one an index built with the new values gives', async () => {
    // The claim the kept answers rest on: no search, filter, facet, sort or ranking reads the
    // trust fields, so replacing them in place answers exactly as indexing them afresh would.
    const catalog = [
      ...CATALOG,
      ...Array.from({ length: 30 }, (_, i) =>
        searchDocument(`s${i}`, { name: `Ledger Helper ${i % 7}`, role: i % 2 ? 'Bookkeeper' : 'Recruiter' }),
      ),
    ];
    const changed = (document: SearchDocument, i: number): SearchDocument =>
      i % 3
        ? document
        : {
            ...document,
            site_state: 'down',
            site_since: '2026-11-28T12:00:00.000Z',
            verified_domain: 'example.com',
            rating_average: 4.5,
            rating_count: 9,
            logo: `/logos/${document.id}.png`,
            provider_page: '/providers/acme',
          };
    const edited = await engineWith(catalog);
    await edited.apply({ upserts: catalog.map(changed), deletes: [], checkpoint: 2 });
    const fresh = await engineWith(catalog.map(changed));
    const requests: SearchRequest[] = [
      { query: 'ledger helper' },
      { query: 'customer emails', highlight: true },
      { query: '', sort: 'name', hitsPerPage: 50 },
      { query: '', sort: 'price_asc', facets: ['category', 'role', 'pricing'] },
      { query: '', filters: { role: ['Bookkeeper'] } },
      { query: 'helper', page: 1, hitsPerPage: 5 },
      { query: '', similarTo: 's3' },
    ];
    for (const request of requests) {
      const { processingTimeMs: _a, ...a } = await edited.search(request);
      const { processingTimeMs: _b, ...b } = await fresh.search(request);
      expect(a).toEqual(b);
    }
    await edited.close();
    await fresh.close();
  });

  it('When a body replaced in place is imaged (a snapshot), then the image holds the new body beside the others', async () => {
    const index = new InvertedIndex();
    index.load(CATALOG);
    index.upsert(searchDocument('late', { name: 'Late Arrival' }));
    expect(index.replaceShown(inboxPilotDown())).toBe(true);
    expect(index.replaceShown(searchDocument('unknown'))).toBe(false);
    // Rewritten again, shorter then longer: each time the last body is the one read.
    for (const site_state of ['up', 'unknown', 'down'] as const) {
      expect(index.replaceShown({ ...inboxPilotDown(), site_state })).toBe(true);
      expect(index.get('1')?.site_state).toBe(site_state);
    }
    const read = await InvertedIndex.fromImage(await imageFromBytes(imageToBytes(index.image())));
    expect(read.get('1')).toEqual(inboxPilotDown());
    for (const document of [...CATALOG.slice(1), searchDocument('late', { name: 'Late Arrival' })])
      expect(read.get(document.id)).toEqual(document);
  });
});
