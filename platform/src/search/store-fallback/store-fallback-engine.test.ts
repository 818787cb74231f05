import { agentInput } from '../../store/contract/fixtures';
import { AGENT_LIST_MAX, type Store } from '../../store/port';
import { openSqliteStore } from '../../store/sqlite/sqlite-store';
import { describeSearchContract } from '../contract';
import type { SearchResponse } from '../port';
import { StoreFallbackEngine } from './store-fallback-engine';
import { openStoreFedEngine } from './testing/store-fed-engine';

describeSearchContract('store fallback', openStoreFedEngine, {
  typos: false,
  synonyms: false,
  highlight: false,
});

const names = (response: SearchResponse) => response.hits.map((hit) => hit.document.name);

describe('store fallback engine', () => {
  let store: Store;
  let engine: StoreFallbackEngine;
  beforeEach(async () => {
    store = openSqliteStore(':memory:');
    engine = new StoreFallbackEngine(store);
    await store.agents.importMany([
      agentInput({ name: 'Scribe', role: 'Writer', cost: '$40/month' }),
      agentInput({ name: 'Quill', role: 'Writer', cost: 'Contact sales' }),
      agentInput({ name: 'Inky', role: 'Writer', cost: '$12/month' }),
      agentInput({ name: 'Pen Pal', role: 'Writer', cost: '$25/month' }),
    ]);
  });
  afterEach(() => store.close());

  it('sorts a query by price either way, unpriced agents last', async () => {
    expect(names(await engine.search({ query: 'writer', sort: 'price_desc' }))).toEqual([
      'Scribe',
      'Pen Pal',
      'Inky',
      'Quill',
    ]);
    expect(names(await engine.search({ query: 'writer', sort: 'price_asc' }))).toEqual([
      'Inky',
      'Pen Pal',
      'Scribe',
      'Quill',
    ]);
  });

  it('keeps only agents priced within the range, with facet counts over them', async () => {
    const response = await engine.search({
      query: 'writer',
      priceMonthly: { min: 20, max: 40 },
      sort: 'name',
      facets: ['pricing'],
    });
    expect(names(response)).toEqual(['Pen Pal', 'Scribe']);
    expect(response.totalHits).toBe(2);
    expect(response.facets).toEqual({ pricing: { paid: 2 } });
  });

  it('accepts writes without changing the store, recording only the checkpoint', async () => {
    const [agent] = await store.agents.list({ limit: 1 });
    await engine.apply({ upserts: [], deletes: [agent!.id], checkpoint: 3 });
    expect(await engine.stats()).toEqual({ documents: 4, checkpoint: 3 });
    expect(await store.agents.get(agent!.id)).toMatchObject({ removed: false });
  });

  it('browses one category beyond the first agents of the catalog', async () => {
    await store.agents.importMany(
      Array.from({ length: AGENT_LIST_MAX }, (_, i) =>
        agentInput({ name: `Early ${i}`, category: 'Accounting' }),
      ),
    );
    const response = await engine.search({ query: '', filters: { category: ['customer service'] } });
    expect(response.totalHits).toBe(4);
  });

  it("shows a query's page with its agents' trust signals, read for the page alone", async () => {
    const [quill] = await store.agents.list({ nameContains: 'Quill' });
    await store.linkChecks.saveMany([
      {
        agent_id: quill!.id,
        url: quill!.address,
        state: 'down',
        state_since: '2026-11-01T00:00:00.000Z',
        outcome: 'refused',
        http_status: null,
        final_url: null,
        detail: null,
        checked_at: '2026-11-02T00:00:00.000Z',
        failures: 3,
        first_failure_at: '2026-11-01T00:00:00.000Z',
        notified_at: null,
        retry_at: null,
      },
    ]);
    const asked: number[] = [];
    const getMany = store.linkChecks.getMany.bind(store.linkChecks);
    store.linkChecks.getMany = async (ids) => {
      asked.push(ids.length);
      return getMany(ids);
    };
    const response = await engine.search({ query: 'writer', sort: 'name', hitsPerPage: 2, page: 1 });
    expect(response.hits.map((hit) => [hit.document.name, hit.document.site_state])).toEqual([
      ['Quill', 'down'],
      ['Scribe', 'unchecked'],
    ]);
    expect(asked).toEqual([2]);
  });

  it('answers a plain query (no filter, sort or facet) as it answers one that filters', async () => {
    await store.agents.importMany([
      agentInput({
        name: 'Ledger &amp; Co',
        role: 'Bookkeeper',
        description: 'Keeps small shops&#39; books',
      }),
      agentInput({ name: 'Tally', role: 'Bookkeeper', description: 'Books for shops and cafes' }),
      agentInput({ name: 'Shop Books', role: 'Writer', description: 'Writes about small things' }),
      agentInput({ name: 'Abacus', role: 'Accountant', description: 'Small business taxes' }),
    ]);
    for (const query of ['small shops books', 'ledger & co', 'writer', 'books']) {
      for (const page of [0, 1]) {
        const plain = await engine.search({ query, hitsPerPage: 2, page });
        // Excluding an id no agent has makes the engine take every candidate as a document.
        const filtered = await engine.search({ query, hitsPerPage: 2, page, excludeIds: ['none'] });
        expect({ ...plain, processingTimeMs: 0 }).toEqual({ ...filtered, processingTimeMs: 0 });
      }
    }
    // By the store's score (a whole word in the name 10, in a description 2), the matches holding
    // two of the three words first, the entity-encoded texts matched and shown decoded.
    const answer = await engine.search({ query: 'small shops books', hitsPerPage: 5 });
    expect(answer.hits.map((hit) => [hit.document.name, hit.why?.match])).toEqual([
      ['Shop Books', true],
      ['Ledger & Co', true],
      ['Tally', true],
      ['Abacus', false],
    ]);
  });

  it("reads a plain query's candidates as ids and texts, and whole agents for its page alone", async () => {
    const whole: number[] = [];
    const read: string[][] = [];
    const { searchBasic, getMany } = store.agents;
    store.agents.searchBasic = async (query, limit) => {
      whole.push(limit);
      return searchBasic(query, limit);
    };
    store.agents.getMany = async (ids) => {
      read.push(ids);
      return getMany(ids);
    };
    const response = await engine.search({ query: 'writer', hitsPerPage: 2, page: 1 });
    expect(whole).toEqual([]);
    expect(read).toEqual([response.hits.map((hit) => hit.document.id)]);
    expect(response).toMatchObject({ totalHits: 4, matchCount: 4 });
    expect(response.hits).toHaveLength(2);
    expect(response.hits[0]).toMatchObject({ document: { site_state: 'unchecked' }, why: { match: true } });
  });

  it('leaves off its page an agent removed after its words were told, and keeps the rest in order', async () => {
    const found = await store.agents.searchBasicHeld('writer', 1000);
    await store.agents.update(found.ids[1]!, { removed: true });
    store.agents.searchBasicHeld = async () => found;
    const response = await engine.search({ query: 'writer', hitsPerPage: 3 });
    expect(response.hits.map((hit) => hit.document.id)).toEqual([found.ids[0], found.ids[2]]);
  });

  it('readies the whole path of a degraded search: the store asked once, a page read whole', async () => {
    const asked: string[] = [];
    const read: number[] = [];
    const { searchBasicHeld, getMany } = store.agents;
    store.agents.searchBasicHeld = async (query, limit) => {
      asked.push(query);
      return searchBasicHeld(query, limit);
    };
    store.agents.getMany = async (ids) => {
      read.push(ids.length);
      return getMany(ids);
    };
    await store.agents.importMany([agentInput({ name: 'Warm Up', role: 'Writer' })]);
    await engine.warmUp();
    expect(asked).toHaveLength(1);
    expect(read).toEqual([1]);
  });

  it('fails its ping when the store cannot answer', async () => {
    await store.close();
    await expect(engine.ping()).rejects.toThrow();
  });
});
