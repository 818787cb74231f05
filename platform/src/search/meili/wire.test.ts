import { metaIndexUid } from './checkpoint';
import { ensureScopedKeys, INDEXER_ACTIONS } from './keys';
import { MeiliSearchEngine } from './meili-engine';
import { migrateMeiliIndex } from './migrate';
import { indexSettings, settingsFingerprint } from './settings';
import {
  FEDERATED_REQUEST_EXAMPLE,
  FEDERATED_RESULT_EXAMPLE,
  KEY_EXAMPLE,
  keyCreationProblems,
  multiSearchProblems,
  SUMMARIZED_TASK_EXAMPLE,
  settingsProblems,
  TASK_EXAMPLE,
} from './testing/documented-api';
import { defaultFeatures, featuresOnExcept } from './testing/features';
import { hit } from './testing/hits';
import { RecordingMeili } from './testing/recording-meili';

// What the adapter sends over the wire, through the real client (meilisearch 0.62.0), to a
// recording stand-in of Meilisearch that answers with the shapes v1.28.2 documents
// (testing/documented-api.ts): request bodies checked against the documented rules, task polling,
// which key each request carries. Meilisearch itself cannot run here (FACTS.md); these tests pin
// what the documentation says, not what a server did.

const SEARCH_KEY = 's'.repeat(64);
const WRITE_KEY = 'w'.repeat(64);

let meili: RecordingMeili;
/** What the meta index holds, as the stand-in answers searches of it. */
let meta: Array<Record<string, unknown>>;
/** What the live index answers, per query. */
let live: (body: Record<string, unknown>) => {
  hits?: Array<Record<string, unknown>>;
  facetDistribution?: Record<string, Record<string, number>>;
  totalHits?: number;
};

beforeEach(async () => {
  featuresOnExcept();
  meta = [
    { id: 'settings', fingerprint: settingsFingerprint() },
    { id: 'state', checkpoint: 7 },
  ];
  live = () => ({ hits: [] });
  meili = await new RecordingMeili({
    search: (indexUid, body) => (indexUid.endsWith('_meta') ? { hits: meta } : live(body)),
  }).start();
});
afterEach(async () => {
  await meili.stop();
  defaultFeatures();
});

describe('the stand-in', () => {
  it('answers with the fields of the documented examples', async () => {
    await migrateMeiliIndex({ host: meili.url, apiKey: WRITE_KEY, indexUid: 'agents' });
    const { Meilisearch } = await import('meilisearch');
    const client = new Meilisearch({ host: meili.url });
    const enqueued = await client.createIndex('x');
    expect(Object.keys(enqueued).sort()).toEqual(Object.keys(SUMMARIZED_TASK_EXAMPLE).sort());
    const task = await client.tasks.getTask(enqueued.taskUid);
    expect(Object.keys(task).sort()).toEqual(expect.arrayContaining(Object.keys(TASK_EXAMPLE).sort()));
    const key = await client.createKey({ actions: ['search'], indexes: ['x'], expiresAt: null });
    expect(Object.keys(key).sort()).toEqual(Object.keys(KEY_EXAMPLE).sort());
    expect(multiSearchProblems(FEDERATED_REQUEST_EXAMPLE)).toEqual([]);
    expect(Object.keys(FEDERATED_RESULT_EXAMPLE)).toEqual(
      expect.arrayContaining(['hits', 'estimatedTotalHits']),
    );
  });
});

describe('npm run migrate on Meilisearch', () => {
  it('creates both indexes, sends documented settings once, waits for each task and records them', async () => {
    meta = [];
    const result = await migrateMeiliIndex({ host: meili.url, apiKey: WRITE_KEY, indexUid: 'agents' });
    expect(result).toMatchObject({ applied: true, fingerprint: settingsFingerprint() });
    expect(meili.find('POST', /^\/indexes$/).map((r) => r.body)).toEqual([
      { uid: 'agents', primaryKey: 'id' },
      { uid: 'agents_meta', primaryKey: 'id' },
    ]);
    const [patch, ...more] = meili.find('PATCH', /^\/indexes\/agents\/settings$/);
    expect(more).toEqual([]);
    expect(settingsProblems(patch!.body as Record<string, unknown>)).toEqual([]);
    expect(patch!.body).toMatchObject({
      faceting: { maxValuesPerFacet: 200, sortFacetValuesBy: { '*': 'count' } },
      pagination: { maxTotalHits: 10000 },
    });
    // Every enqueued task polled until it finished: once "processing", then "succeeded".
    const polled = meili.find('GET', /^\/tasks\/\d+$/).map((r) => r.path);
    for (const uid of [0, 1, 2, 3]) expect(polled.filter((path) => path === `/tasks/${uid}`)).toHaveLength(2);
    const mark = meili.find('POST', /^\/indexes\/agents_meta\/documents$/).at(-1)!;
    expect(mark.body).toEqual([
      { id: 'settings', fingerprint: settingsFingerprint(), applied_at: expect.any(String) },
    ]);
    expect(new Set(meili.requests.map((r) => r.authorization))).toEqual(new Set([`Bearer ${WRITE_KEY}`]));
  });

  it('sends no settings when the index already records this version’s, so a deploy re-indexes nothing', async () => {
    const result = await migrateMeiliIndex({ host: meili.url, apiKey: WRITE_KEY, indexUid: 'agents' });
    expect(result.applied).toBe(false);
    expect(meili.find('PATCH', /settings/)).toEqual([]);
  });

  it('fails, naming Meilisearch’s reason, when the settings task fails', async () => {
    await meili.stop();
    meili = await new RecordingMeili({
      search: () => ({ hits: [] }),
      failTasks: {
        settingsUpdate: {
          message: 'Attribute `x` is not filterable.',
          code: 'invalid_settings_filterable_attributes',
        },
      },
    }).start();
    await expect(
      migrateMeiliIndex({ host: meili.url, apiKey: WRITE_KEY, indexUid: 'agents' }),
    ).rejects.toThrow(
      /Meilisearch failed to apply settings to agents \(task \d+\): Attribute `x` is not filterable\. \(invalid_settings_filterable_attributes\)/,
    );
  });
});

describe('the API’s searches', () => {
  const open = () =>
    MeiliSearchEngine.unchecked({
      host: meili.url,
      searchKey: SEARCH_KEY,
      writes: false,
      indexUid: 'agents',
      semanticRatio: 0.5,
    });

  it('check the index with searches only, carry the search key, and count only where the count is shown', async () => {
    live = (body) =>
      body.facets && (body.facets as string[]).includes('role') && body.q === ''
        ? { hits: [], facetDistribution: { role: { Recruiter: 3, 'Sales Assistant': 2 } } }
        : { hits: [hit('r1', { role: 'Recruiter' }), hit('s1')], totalHits: 2 };
    const engine = await open();
    await engine.search({ query: 'hire a recruiter', facets: ['role'], hitsPerPage: 10 });
    expect(new Set(meili.requests.map((r) => r.authorization))).toEqual(new Set([`Bearer ${SEARCH_KEY}`]));
    // Nothing but searches: the key holds the action `search` only.
    expect(meili.requests.every((r) => r.method === 'POST' && /search$/.test(r.path))).toBe(true);
    const [checkMeta, checkLive] = meili.requests;
    expect(checkMeta!.path).toBe('/indexes/agents_meta/search');
    expect(checkLive).toMatchObject({ path: '/indexes/agents/search', body: { q: '', limit: 0 } });
    // The roles: their facet values only, by count (settings), no hits and no exhaustive count.
    expect(meili.find('POST', /^\/indexes\/agents\/search$/).map((r) => r.body)).toContainEqual({
      q: '',
      facets: ['role'],
      limit: 0,
    });
    // The role boost: a documented federated search, and the plain search for the shown count.
    const federated = meili.find('POST', /^\/multi-search$/)[0]!.body as Record<string, unknown>;
    expect(multiSearchProblems(federated)).toEqual([]);
    expect(federated).toMatchObject({ federation: { offset: 0, limit: 10 } });
    const count = meili
      .find('POST', /^\/indexes\/agents\/search$/)
      .map((r) => r.body as Record<string, unknown>)
      .find((body) => body.hitsPerPage === 0);
    expect(count).toMatchObject({ page: 1, hitsPerPage: 0, facets: ['role'] });
  });

  it('filter and count the facts of agent profiles on filterable attributes, and read them back', async () => {
    live = () => ({
      hits: [
        hit('d1', {
          integrations: ['Slack'],
          languages: ['es'],
          free_trial: true,
          starting_price_monthly: 20,
        }),
      ],
      totalHits: 1,
      facetDistribution: { integrations: { Slack: 1 }, languages: { es: 1 } },
    });
    const engine = await open();
    const response = await engine.search({
      query: '',
      filters: { integrations: ['Slack'], languages: ['es', 'en'], free_trial: ['true'] },
      startingPriceMonthly: { max: 20 },
      facets: ['integrations', 'languages'],
    });
    const body = meili
      .find('POST', /^\/indexes\/agents\/search$/)
      .map((r) => r.body as Record<string, unknown>)
      .find((sent) => sent.filter !== undefined)!;
    expect(body).toMatchObject({
      q: '',
      filter: [
        'integrations = "Slack"',
        ['languages = "es"', 'languages = "en"'],
        'free_trial = true',
        'starting_price_monthly <= 20',
      ],
      facets: ['integrations', 'languages'],
    });
    // Every attribute filtered or counted is one the settings make filterable (else Meilisearch
    // refuses the search: invalid_search_filter, invalid_search_facets).
    const filterable = new Set(indexSettings().filterableAttributes as string[]);
    const attributes = (body.filter as Array<string | string[]>)
      .flat()
      .map((clause) => clause.split(' ')[0]!);
    for (const attribute of [...attributes, ...(body.facets as string[])])
      expect(filterable).toContain(attribute);
    expect(response.facets).toEqual({ integrations: { Slack: 1 }, languages: { es: 1 } });
    expect(response.hits[0]!.document).toMatchObject({
      integrations: ['Slack'],
      free_trial: true,
      starting_price_monthly: 20,
    });
  });

  it('send a second tier and the alternatives’ counts as documented multi-searches', async () => {
    live = (body) =>
      body.q === 'pixel forge logo maker'
        ? {
            hits: [hit('pf', { name: 'Pixel Forge', role: 'Image Generator', description: 'Draws logos.' })],
            totalHits: 1,
          }
        : { hits: [], totalHits: 0 };
    const engine = await open();
    await engine.search({ query: 'pixel forge logo maker', hitsPerPage: 10 });
    const [followUp] = meili.find('POST', /^\/multi-search$/).map((r) => r.body as Record<string, unknown>);
    expect(multiSearchProblems(followUp!)).toEqual([]);
    const queries = followUp!.queries as Array<Record<string, unknown>>;
    // Hits only: offset and limit, never page/hitsPerPage (no exhaustive count).
    expect(queries.every((query) => query.page === undefined && query.hitsPerPage === undefined)).toBe(true);
  });

  it('replace a concept phrase longer than three words, which Meilisearch would not expand', async () => {
    const engine = await open();
    await engine.search({ query: 'extract data from websites', hitsPerPage: 10 });
    const main = meili
      .find('POST', /^\/indexes\/agents\/search$/)
      .map((r) => r.body as Record<string, unknown>)
      .find((body) => body.q !== '');
    expect(main!.q).toBe('web scraping');
  });

  it('refuse every write at once, without a request', async () => {
    const engine = await open();
    const before = meili.requests.length;
    await expect(engine.apply({ upserts: [], deletes: ['a'], checkpoint: 1 })).rejects.toThrow(
      /does not write to Meilisearch: it holds a search-only key/,
    );
    await expect(engine.beginRebuild()).rejects.toThrow(/search-only key/);
    expect(meili.requests.length).toBe(before);
  });
});

describe('the indexer’s rebuild', () => {
  const open = () =>
    MeiliSearchEngine.unchecked({
      host: meili.url,
      writeKey: WRITE_KEY,
      indexUid: 'agents',
      semanticRatio: 0.5,
    });

  it('swaps, then learns the swap took place from the deletion queued behind it, never from the swap’s own task', async () => {
    const engine = await open();
    const build = await engine.beginRebuild();
    const rebuildUid = (meili.find('POST', /^\/indexes$/)[0]!.body as { uid: string }).uid;
    expect(rebuildUid).toMatch(/^agents_rebuild_\d+$/);
    await build.add([]);
    // The live meta index now names the build (what the swap gives it in Meilisearch).
    meta = [
      { id: 'state', checkpoint: 42, build: rebuildUid },
      { id: 'settings', fingerprint: settingsFingerprint() },
    ];
    await build.swap(42);
    const swap = meili.find('POST', /^\/swap-indexes$/);
    expect(swap.map((r) => r.body)).toEqual([
      [
        { indexes: ['agents', rebuildUid], rename: false },
        { indexes: ['agents_meta', metaIndexUid(rebuildUid)], rename: false },
      ],
    ]);
    const swapIndex = meili.requests.indexOf(swap[0]!);
    const after = meili.requests.slice(swapIndex + 1);
    // The swap is a global task (task uid of the swap never polled), the deletion of the old name is.
    const swapTaskUid = meili.requests
      .filter((r) => r.method !== 'GET' && !/search$/.test(r.path))
      .indexOf(swap[0]!);
    expect(after.map((r) => `${r.method} ${r.path}`)).not.toContain(`GET /tasks/${swapTaskUid}`);
    expect(after[0]).toMatchObject({ method: 'DELETE', path: `/indexes/${rebuildUid}` });
    // The new meta index got the checkpoint with the build's name, and the settings mark.
    const metaWrites = meili
      .find('PUT', new RegExp(`^/indexes/${metaIndexUid(rebuildUid)}/documents$`))
      .concat(meili.find('POST', new RegExp(`^/indexes/${metaIndexUid(rebuildUid)}/documents$`)))
      .map((r) => r.body);
    expect(metaWrites).toEqual(
      expect.arrayContaining([
        [{ id: 'state', checkpoint: 42, build: rebuildUid }],
        [{ id: 'settings', fingerprint: settingsFingerprint(), applied_at: expect.any(String) }],
      ]),
    );
    expect(new Set(meili.requests.map((r) => r.authorization))).toEqual(new Set([`Bearer ${WRITE_KEY}`]));
  });

  it('reports a swap that did not take place, and leaves the live index as it was', async () => {
    const engine = await open();
    const build = await engine.beginRebuild();
    meta = [
      { id: 'state', checkpoint: 7, build: 'agents_rebuild_1' },
      { id: 'settings', fingerprint: settingsFingerprint() },
    ];
    await expect(build.swap(42)).rejects.toThrow(
      /did not swap agents_rebuild_\d+ into agents: the live index still describes agents_rebuild_1/,
    );
  });
});

describe('npm run meili:keys', () => {
  it('creates the two scoped keys with documented bodies, once', async () => {
    const { Meilisearch } = await import('meilisearch');
    const client = new Meilisearch({ host: meili.url, apiKey: 'm'.repeat(24) });
    const first = await ensureScopedKeys(client, 'agents');
    const bodies = meili.find('POST', /^\/keys$/).map((r) => r.body as Record<string, unknown>);
    for (const body of bodies) expect(keyCreationProblems(body)).toEqual([]);
    expect(bodies).toEqual([
      expect.objectContaining({ actions: [...INDEXER_ACTIONS], indexes: ['agents*'], expiresAt: null }),
      expect.objectContaining({ actions: ['search'], indexes: ['agents', 'agents_meta'], expiresAt: null }),
    ]);
    const again = await ensureScopedKeys(client, 'agents');
    expect(again).toEqual({ ...first, created: [], replaced: [] });
    expect(meili.find('POST', /^\/keys$/)).toHaveLength(2);
    const rotated = await ensureScopedKeys(client, 'agents', { rotate: true });
    expect(rotated.apiKey).not.toBe(first.apiKey);
    expect(rotated.replaced).toHaveLength(2);
  });
});
