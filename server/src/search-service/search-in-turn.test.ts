import { createLogger } from '@agentry/platform/log/logger';
import type { SearchEngine, SearchRequest, SearchResponse } from '@agentry/platform/search/port';
import type { Request } from 'express';
import { FairTurns } from '../http/fair-turns';
import { requestCosts } from '../http/request-costs';
import type { FreshnessState } from './search-freshness';
import { searchInTurn } from './search-in-turn';
import { SearchService } from './search-service';

// An answer the engine keeps comes back without a turn of the event loop; any other search waits
// for its client's turn, behind what was queued before it.

const answer = (): SearchResponse => ({
  hits: [],
  totalHits: 0,
  matchCount: 0,
  page: 0,
  hitsPerPage: 20,
  facets: {},
  processingTimeMs: 0,
});

/** An engine that keeps the answers it has given, and says which searches it ran. */
function keepingEngine() {
  const kept = new Map<string, SearchResponse>();
  const searched: string[] = [];
  const engine = {
    kind: 'embedded',
    cached: (request: SearchRequest) => kept.get(request.query ?? ''),
    search: async (request: SearchRequest) => {
      searched.push(request.query ?? '');
      const response = answer();
      kept.set(request.query ?? '', response);
      return response;
    },
  } as unknown as SearchEngine;
  return { engine, searched, kept };
}

const request = (ip: string) => ({ ip, socket: {} }) as unknown as Request;
const silent = createLogger('fatal', 'test', { write: () => undefined });

describe('a search on its client’s turn', () => {
  it('When the engine has kept the answer, then it comes back at once, ahead of searches queued before it', async () => {
    const { engine, searched } = keepingEngine();
    const search = new SearchService(engine, {} as never, silent);
    const costs = requestCosts({ chargeReads: () => (_req, _res, next) => next() }, new FairTurns());
    await search.search({ query: 'popular' });
    const order: string[] = [];
    const queued = ['distinct 1', 'distinct 2'].map((query) =>
      searchInTurn(search, costs, request('10.0.0.1'), { query }).then(() => order.push(query)),
    );
    const popular = searchInTurn(search, costs, request('10.0.0.2'), { query: 'popular' }).then(() =>
      order.push('popular'),
    );
    await Promise.all([...queued, popular]);
    expect(order).toEqual(['popular', 'distinct 1', 'distinct 2']);
    expect(searched).toEqual(['popular', 'distinct 1', 'distinct 2']);
  });

  it('When the answer is not kept, then the search waits for its client’s turn', async () => {
    const { engine, kept } = keepingEngine();
    const search = new SearchService(engine, {} as never, silent);
    const turns = new FairTurns();
    const costs = requestCosts({ chargeReads: () => (_req, _res, next) => next() }, turns);
    const pending = searchInTurn(search, costs, request('10.0.0.1'), { query: 'new words' });
    expect(turns.size).toBe(1);
    expect((await pending).response).toBe(kept.get('new words'));
  });

  it('When the answer is not kept, then the request’s key is built once, for the lookup and the search', async () => {
    const built: string[] = [];
    const given: Array<[string, string | undefined]> = [];
    const engine = {
      kind: 'embedded',
      answerKey: (request: SearchRequest) => {
        built.push(request.query);
        return `key of ${request.query}`;
      },
      cached: (_request: SearchRequest, key?: string) => {
        given.push(['cached', key]);
        return undefined;
      },
      search: async (_request: SearchRequest, key?: string) => {
        given.push(['search', key]);
        return answer();
      },
    } as unknown as SearchEngine;
    const search = new SearchService(engine, {} as never, silent);
    const costs = requestCosts({ chargeReads: () => (_req, _res, next) => next() }, new FairTurns());
    await searchInTurn(search, costs, request('10.0.0.1'), { query: 'new words' });
    expect(built).toEqual(['new words']);
    expect(given).toEqual([
      ['cached', 'key of new words'],
      ['search', 'key of new words'],
    ]);
  });

  it('When the index is not current, then no kept answer is used (the store answers meanwhile, on the client’s turn)', async () => {
    const { engine } = keepingEngine();
    const freshness = { state: 'current' as FreshnessState };
    const search = new SearchService(engine, {} as never, silent, { freshness });
    await search.search({ query: 'popular' });
    expect(search.lookup({ query: 'popular' }).kept?.degraded).toBe(false);
    freshness.state = 'catching_up';
    expect(search.lookup({ query: 'popular' }).kept).toBeUndefined();
  });
});
