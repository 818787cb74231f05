import { createLogger } from '@agentry/platform/log/logger';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from '../routes/api/employer/fixtures';
import { mailsTo } from '../testing/mailbox';
import { eventually, startTestServer, type TestServer } from '../testing/test-server';
import { DigestWorker } from './digest-worker';

// The saved searches' digests on a worker thread of their own (DIGESTS=worker, issue 28): the
// thread opens the store, the search index and the outbox from the API's config and sends the due
// digest; the API's job starts it once a digest is due and stops it with the server. How long the
// serving thread is held meanwhile is a benchmark's figure (bench:digests), not a test's.

const HOUR = 60 * 60 * 1000;
const SEARCH = {
  query: 'translate legal contracts',
  filters: {},
  price_min: null,
  price_max: null,
  starting_price_min: null,
  starting_price_max: null,
  sort: null,
};

describe('digests on a worker thread', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let grace: Person;

  afterEach(() => server.stop());

  /** A new agent the saved search matches, in the index; then a daily search due now, saved before it. */
  async function dueSearchWithNews() {
    const store = fixtures.store();
    const savedAt = new Date(Date.now() - HOUR).toISOString();
    const agent = await store.agents.create({
      name: 'ContraLingo',
      provider: 'Lexicon Labs',
      category: 'Legal',
      role: 'Legal Translator',
      description: 'Translates legal contracts and court filings into French.',
      cost: '$49/month',
      address: 'https://contralingo.example',
    });
    await eventually(async () =>
      (await server.running.context.search.search({ query: 'translate legal contracts' })).response.hits.some(
        (hit) => hit.document.id === agent.id,
      ),
    );
    await store.savedSearches.create(
      {
        owner_id: grace.userId,
        created_by: grace.userId,
        name: 'Legal translators',
        search: SEARCH,
        alert: 'daily',
        last_digest_at: savedAt,
        next_digest_at: new Date(Date.now() - 1000).toISOString(),
      },
      25,
    );
  }

  it('runs a turn on its own thread, from the same config, and e-mails the digest once', async () => {
    server = await startTestServer({ ...EMPLOYER_TEST_ENV, DIGESTS: 'off' });
    grace = await fixtures.employer('grace@acme.example');
    await dueSearchWithNews();
    const { config, sessionSecret } = server.running.context;
    const worker = new DigestWorker(config, sessionSecret, createLogger('silent', 'test'));
    try {
      expect(worker.started).toBe(false);
      // The thread's index may still be loading: the turn then waits (searchNotReady) and sends nothing.
      let sent = 0;
      await eventually(async () => {
        const result = await worker.run(100);
        sent += result.sent;
        return !result.searchNotReady;
      }, 60_000);
      expect(sent).toBe(1);
      expect(worker.started).toBe(true);
      const mails = await mailsTo(server.dataDir, 'grace@acme.example', 'search_digest');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('New: ContraLingo (Legal Translator, by Lexicon Labs)');
      // Claimed: a second turn finds nothing due.
      expect(await worker.run(100)).toMatchObject({ examined: 0, sent: 0 });
    } finally {
      await worker.stop();
    }
    expect(worker.started).toBe(false);
  });

  it("is what the API's digest job uses by default: a due digest reaches the outbox", async () => {
    server = await startTestServer({ ...EMPLOYER_TEST_ENV, DIGESTS: 'worker', DIGESTS_TICK_MS: '100' });
    grace = await fixtures.employer('grace@acme.example');
    await dueSearchWithNews();
    await eventually(
      async () => (await mailsTo(server.dataDir, 'grace@acme.example', 'search_digest')).length > 0,
      60_000,
    );
    expect(await mailsTo(server.dataDir, 'grace@acme.example', 'search_digest')).toHaveLength(1);
  });
});
