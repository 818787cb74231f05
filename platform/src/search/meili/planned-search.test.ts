import type { FederatedMultiSearchParams, MultiSearchParams } from 'meilisearch';
import { type MeiliSearcher, plannedSearch } from './planned-search';
import { defaultFeatures, featuresOnExcept } from './testing/features';
import { answer, hit } from './testing/hits';
import type { MeiliResult, MeiliSearchParams } from './translate';

beforeEach(() => featuresOnExcept());
afterAll(defaultFeatures);

type Call =
  | { kind: 'search'; params: MeiliSearchParams }
  | { kind: 'federated'; params: FederatedMultiSearchParams }
  | { kind: 'multi'; params: MultiSearchParams };

/** A Meilisearch that answers from a script and records what it was asked, in order. */
function fakeSearcher(script: {
  search?: (params: MeiliSearchParams) => MeiliResult;
  federated?: (params: FederatedMultiSearchParams) => MeiliResult;
  multi?: (params: MultiSearchParams) => MeiliResult[];
}): MeiliSearcher & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    indexUid: 'agents',
    calls,
    async search(params) {
      calls.push({ kind: 'search', params });
      return script.search?.(params) ?? answer([]);
    },
    async federated(params) {
      calls.push({ kind: 'federated', params });
      return script.federated?.(params) ?? answer([]);
    },
    async multi(params) {
      calls.push({ kind: 'multi', params });
      return script.multi?.(params) ?? [];
    },
  };
}

const ids = (response: { hits: Array<{ document: { id: string } }> }) =>
  response.hits.map((h) => h.document.id);
const context = { roles: ['Podcast Producer', 'Recruiter'] };

describe('plannedSearch', () => {
  it('serves a query with enough hits in one plain search and a count of its matches, framing words off', async () => {
    // "Translator" ends a role (so "replace my translator" frames a job) but is not named whole.
    const searcher = fakeSearcher({
      search: () =>
        answer(
          Array.from({ length: 20 }, (_, i) => hit(`v${i}`)),
          { totalHits: 40 },
        ),
    });
    const response = await plannedSearch(
      searcher,
      { query: 'replace my translator' },
      { roles: ['Legal Translator'] },
    );
    expect(searcher.calls).toEqual([
      { kind: 'search', params: expect.objectContaining({ q: 'my translator', showRankingScore: true }) },
      {
        kind: 'search',
        params: expect.objectContaining({ q: 'my translator', hitsPerPage: 0, rankingScoreThreshold: 0.6 }),
      },
    ]);
    expect(response).toMatchObject({ totalHits: 40, matchCount: 40, page: 0, hitsPerPage: 20 });
  });

  it('runs the role boost on the rewritten query: a federated search and a count, in parallel', async () => {
    const searcher = fakeSearcher({
      federated: () => answer([hit('b', { role: 'Podcast Producer' }), hit('a')]),
      search: () => answer([], { totalHits: 30, facetDistribution: { role: { 'Podcast Producer': 12 } } }),
    });
    const response = await plannedSearch(
      searcher,
      { query: 'hire a podcast producer', facets: ['role'] },
      context,
    );
    expect(searcher.calls.map((call) => call.kind)).toEqual(['federated', 'search']);
    const [boost, count] = searcher.calls;
    expect((boost!.params as FederatedMultiSearchParams).queries.map((query) => query.q)).toEqual([
      'a podcast producer',
      'a podcast producer',
    ]);
    expect(count!.params).toMatchObject({ q: 'a podcast producer', hitsPerPage: 0 });
    expect(ids(response)).toEqual(['b', 'a']);
    expect(response).toMatchObject({ totalHits: 30, facets: { role: { 'Podcast Producer': 12 } } });
  });

  it('retries loosely when nothing matched, in a second request', async () => {
    const searcher = fakeSearcher({ federated: () => answer([hit('grammar', { role: 'Editor' })]) });
    const response = await plannedSearch(searcher, { query: 'grammarly checker', facets: ['role'] }, context);
    expect(searcher.calls.map((call) => call.kind)).toEqual(['search', 'search', 'federated']);
    expect(ids(response)).toEqual(['grammar']);
    // What a looser reading finds is related, never a match.
    expect(response).toMatchObject({ totalHits: 1, matchCount: 0, facets: { role: { Editor: 1 } } });
    expect(response.hits[0]!.why?.match).toBe(false);
  });

  it('answers with the main search when a follow-up fails, and reports the failure', async () => {
    const searcher = fakeSearcher({
      search: () => answer([hit('one')], { totalHits: 1 }),
      federated: () => {
        throw new Error('federation is not supported');
      },
    });
    const failures: string[] = [];
    const response = await plannedSearch(searcher, { query: 'zebra tracking' }, context, (_, kind) =>
      failures.push(kind),
    );
    expect(searcher.calls.map((call) => call.kind)).toEqual(['search', 'search', 'federated']);
    expect(ids(response)).toEqual(['one']);
    expect(response.totalHits).toBe(1);
    expect(failures).toEqual(['second-tier']);
  });

  it('follows a named product with its alternatives, in one multi-search', async () => {
    const vidora = hit('vidora', { name: 'Vidora', role: 'Video Creator', description: 'Avatars.' });
    const searcher = fakeSearcher({
      search: () => answer([vidora]),
      multi: (params) => params.queries.map(() => answer([hit('avatarly'), hit('colossyan')])),
    });
    const response = await plannedSearch(searcher, { query: 'vidora alternative' }, context);
    expect(searcher.calls.map((call) => call.kind)).toEqual(['search', 'search', 'multi']);
    expect(ids(response)).toEqual(['vidora', 'avatarly', 'colossyan']);
    expect(response.totalHits).toBe(3);
    // The product named is a match; its alternatives are listed as such.
    expect(response.hits.map((h) => h.why?.match)).toEqual([true, false, false]);
    expect(response.hits[1]!.why?.alternativeTo).toBe('Vidora');
  });

  it('puts a named agent first without a follow-up when it gives no words to find others by', async () => {
    const bare = hit('zq', { name: 'Zq Labs', role: '', category: '', description: '' });
    const searcher = fakeSearcher({ search: () => answer([hit('other'), bare]) });
    const response = await plannedSearch(searcher, { query: 'zq labs' }, context);
    expect(searcher.calls.map((call) => call.kind)).toEqual(['search', 'search']);
    expect(ids(response)).toEqual(['zq', 'other']);
  });

  it('makes at most three requests, the role boost and one follow-up', async () => {
    const searcher = fakeSearcher({
      // The role boost's queries carry federation weights; the second tier's do not.
      federated: (params) =>
        params.queries[0]?.federationOptions
          ? answer([hit('e1', { role: 'Podcast Producer' })])
          : answer([hit('e2')]),
      search: () => answer([], { totalHits: 1 }),
    });
    const response = await plannedSearch(searcher, { query: 'podcast producer for weekly shows' }, context);
    expect(searcher.calls.map((call) => call.kind)).toEqual(['federated', 'search', 'federated']);
    expect(ids(response)).toEqual(['e1', 'e2']);
    expect(response.totalHits).toBe(2);
  });

  it('runs no follow-up in a sorted list: the main search’s page as it is', async () => {
    const searcher = fakeSearcher({});
    await plannedSearch(searcher, { query: 'grammarly', sort: 'price_asc', page: 1 }, context);
    expect(searcher.calls.map((call) => call.kind)).toEqual(['search']);
    // A sorted list holds the matches only.
    expect(searcher.calls[0]!.params).toMatchObject({ q: 'grammarly', page: 2, rankingScoreThreshold: 0.6 });
  });

  it('pages through a named product and its alternatives without repeating or skipping anyone', async () => {
    const vidora = hit('vidora', { name: 'Vidora', role: 'Video Creator', description: 'Avatars.' });
    const main = [vidora, ...Array.from({ length: 5 }, (_, i) => hit(`m${i}`))];
    const searcher = fakeSearcher({
      search: (params) => answer(main.slice(0, params.hitsPerPage), { totalHits: main.length }),
      multi: (params) => params.queries.map(() => answer([hit('a1'), hit('m4'), hit('a2')])),
    });
    const pages: string[][] = [];
    for (const page of [0, 1, 2]) {
      const response = await plannedSearch(searcher, { query: 'vidora', page, hitsPerPage: 3 }, context);
      pages.push(ids(response));
    }
    const seen = pages.flat();
    expect(seen[0]).toBe('vidora');
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(['m0', 'm1', 'm2', 'm3', 'm4', 'a1', 'a2']));
  });

  it("lists the matches first, by Meilisearch's ranking score, and says why each hit was found", async () => {
    const strong = {
      ...hit('strong', { role: 'Translator', description: 'Translates contracts.' }),
      _rankingScore: 0.9,
    };
    const weak = { ...hit('weak', { description: 'Reads contracts.' }), _rankingScore: 0.3 };
    const searcher = fakeSearcher({ search: () => answer([weak, strong], { totalHits: 2 }) });
    const response = await plannedSearch(searcher, { query: 'translate contracts' }, { roles: [] });
    expect(ids(response)).toEqual(['strong', 'weak']);
    expect(response.hits[0]!.why).toMatchObject({ match: true, matched: [{ words: 'translate contracts' }] });
    expect(response.hits[1]!.why).toMatchObject({ match: false, missing: ['translate'] });
  });

  it('lists an empty query by name in one search', async () => {
    const searcher = fakeSearcher({ search: () => answer([hit('a'), hit('b')]) });
    const response = await plannedSearch(searcher, { query: '' }, { roles: [] });
    expect(searcher.calls).toEqual([
      { kind: 'search', params: expect.objectContaining({ q: '', sort: ['name:asc'] }) },
    ]);
    expect(ids(response)).toEqual(['a', 'b']);
  });
});
