import { createLogger } from '@agentry/platform/log/logger';
import type { SearchEngine } from '@agentry/platform/search/port';
import { agentInput } from '@agentry/platform/store/contract/fixtures';
import type { Store } from '@agentry/platform/store/port';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { ENGINE_TIMEOUT_MS, SearchService } from './search-service';

/** An engine on the network (Meilisearch) that takes every search and never answers. */
const hanging = {
  kind: 'meilisearch',
  search: () => new Promise(() => {}),
} as unknown as SearchEngine;

describe('search service when the engine hangs', () => {
  let store: Store;
  let logged: string[];
  let service: SearchService;
  beforeEach(async () => {
    store = openSqliteStore(':memory:');
    await store.agents.importMany([
      agentInput({ name: 'Scribe', role: 'Writer', cost: '$40/month' }),
      agentInput({ name: 'Quill', role: 'Writer', cost: 'Contact sales' }),
      agentInput({ name: 'Inky', role: 'Writer', cost: '$12/month' }),
      agentInput({ name: 'Pen Pal', role: 'Writer', cost: '$25/month' }),
    ]);
    logged = [];
    const logger = createLogger('warn', 'test', { write: (line: string) => logged.push(line) });
    service = new SearchService(hanging, store, logger);
    jest.useFakeTimers();
  });
  afterEach(async () => {
    jest.useRealTimers();
    await store.close();
  });

  it('answers from the store once the engine has had its time, marked degraded and logged', async () => {
    let settled = false;
    const answer = service.search({ query: 'writer' }).finally(() => {
      settled = true;
    });
    await jest.advanceTimersByTimeAsync(ENGINE_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const { response, degraded } = await answer;
    expect(degraded).toBe(true);
    expect(response.totalHits).toBe(4);
    expect(logged.map((line) => JSON.parse(line).msg)).toEqual([
      'search engine failed; answering from the store',
    ]);
  });

  it('honours price filters and the sort order in the degraded answer', async () => {
    const answer = service.search({ query: 'writer', priceMonthly: { min: 20 }, sort: 'price_asc' });
    await jest.advanceTimersByTimeAsync(ENGINE_TIMEOUT_MS);
    const { response, degraded } = await answer;
    expect(degraded).toBe(true);
    expect(response.hits.map((hit) => hit.document.name)).toEqual(['Pen Pal', 'Scribe']);
    const descending = service.search({ query: 'writer', sort: 'price_desc' });
    await jest.advanceTimersByTimeAsync(ENGINE_TIMEOUT_MS);
    expect((await descending).response.hits.map((hit) => hit.document.name)).toEqual([
      'Scribe',
      'Pen Pal',
      'Inky',
      'Quill',
    ]);
  });
});
