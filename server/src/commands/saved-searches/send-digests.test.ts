import { findLink } from '@agentry/platform/mail/outbox-reader';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from '../../routes/api/employer/fixtures';
import { mailsTo } from '../../testing/mailbox';
import { eventually, startTestServer, type TestServer } from '../../testing/test-server';
import { Visitor } from '../../testing/visitor';
import { type DigestServices, sendDigests } from './send-digests';

// The digests of saved searches on the real app, store, search engine and outbox: a new agent that
// matches a saved search is e-mailed once, with a link that opens the search and one that stops
// the e-mails signed out; nothing is sent twice, whoever runs the digest and however often.

const DAY = 24 * 60 * 60 * 1000;
const SEARCH = {
  query: 'translate legal contracts',
  filters: {},
  price_min: null,
  price_max: null,
  sort: null,
};

describe('digests of saved searches', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let grace: Person;

  beforeEach(async () => {
    server = await startTestServer(EMPLOYER_TEST_ENV);
    grace = await fixtures.employer('grace@acme.example');
  });
  afterEach(() => server.stop());

  /** The digest as the job runs it, on the server's own search, at `at` (the clock moved on). */
  const digests = (at: number): DigestServices => {
    const { context } = server.running;
    return {
      ...context.services,
      now: () => at,
      search: (request) => context.search.search(request),
      secret: context.sessionSecret,
    };
  };
  const searchFinds = (query: string, id: string) => async () =>
    (await server.running.context.search.search({ query })).response.hits.some(
      (hit) => hit.document.id === id,
    );
  const save = async (alert = 'daily') =>
    (
      await grace.browser
        .post('/api/employer/saved-searches', { name: 'Legal translators', search: SEARCH, alert })
        .expect(201)
    ).body.saved_search as { id: string; path: string };

  async function newAgent(
    name: string,
    description: string,
    job = { category: 'Legal', role: 'Legal Translator' },
  ) {
    const agent = await fixtures.store().agents.create({
      name,
      provider: 'Lexicon Labs',
      ...job,
      description,
      cost: '$49/month',
      address: `https://${name.toLowerCase()}.example`,
    });
    return agent;
  }

  it('e-mails one digest naming the new matching agent, with links that open the search and unsubscribe', async () => {
    await newAgent('OldLex', 'Translates legal contracts between English and German.');
    const saved = await save();
    const fresh = await newAgent('ContraLingo', 'Translates legal contracts and court filings into French.');
    await newAgent('ChefBot', 'Plans weekly menus for restaurants.', {
      category: 'Hospitality',
      role: 'Menu Planner',
    });
    await eventually(searchFinds('translate legal contracts', fresh.id));

    const result = await sendDigests(digests(Date.now() + DAY + 60_000), {});
    expect(result).toMatchObject({ examined: 1, sent: 1, quiet: 0, searchNotReady: false });

    const mails = await mailsTo(server.dataDir, 'grace@acme.example', 'search_digest');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('1 new match for your saved search on Rolecall');
    expect(mail.text).toContain('New: ContraLingo (Legal Translator, by Lexicon Labs)');
    expect(mail.text).not.toContain('OldLex');
    expect(mail.text).not.toContain('ChefBot');
    const publicUrl = server.running.context.config.publicUrl;
    expect(findLink(mail.text, '/employer/search')).toBe(`${publicUrl}${saved.path}`);
    expect(findLink(mail.text, `/agents/${fresh.id}`)).toBe(`${publicUrl}/agents/${fresh.id}`);

    const unsubscribe = new URL(findLink(mail.text, '/saved-searches/unsubscribe')!);
    const stranger = new Visitor(server.running.url);
    await stranger
      .post('/api/saved-searches/unsubscribe', {
        id: unsubscribe.searchParams.get('id'),
        token: unsubscribe.searchParams.get('token'),
      })
      .expect(200, { success: true, name: 'Legal translators' });
  });

  it('sends nothing twice: not on a second run, nor on a later run with nothing new', async () => {
    await save();
    const fresh = await newAgent('ContraLingo', 'Translates legal contracts and court filings into French.');
    await eventually(searchFinds('translate legal contracts', fresh.id));
    const at = Date.now() + DAY + 60_000;
    expect((await sendDigests(digests(at), {})).sent).toBe(1);
    expect(await sendDigests(digests(at), {})).toMatchObject({ examined: 0, sent: 0 });
    expect(await sendDigests(digests(at + DAY + 60_000), {})).toMatchObject({
      examined: 1,
      sent: 0,
      quiet: 1,
    });
    expect(await mailsTo(server.dataDir, 'grace@acme.example', 'search_digest')).toHaveLength(1);
  });

  it('sends one digest when two runs go at once (each digest is claimed before its mail)', async () => {
    await save();
    const fresh = await newAgent('ContraLingo', 'Translates legal contracts and court filings into French.');
    await eventually(searchFinds('translate legal contracts', fresh.id));
    const at = Date.now() + DAY + 60_000;
    const [first, second] = await Promise.all([sendDigests(digests(at), {}), sendDigests(digests(at), {})]);
    expect(first.sent + second.sent).toBe(1);
    expect(await mailsTo(server.dataDir, 'grace@acme.example', 'search_digest')).toHaveLength(1);
  });

  it('waits for the due time, sends nothing with alerts off, and nothing to an employer whose plan lapsed', async () => {
    const daily = await save();
    await save('off');
    const fresh = await newAgent('ContraLingo', 'Translates legal contracts and court filings into French.');
    await eventually(searchFinds('translate legal contracts', fresh.id));
    expect(await sendDigests(digests(Date.now()), {})).toMatchObject({ examined: 0, sent: 0 });
    await fixtures.store().users.update(grace.userId, { subscription_status: 'inactive' });
    expect(await sendDigests(digests(Date.now() + DAY + 60_000), {})).toMatchObject({
      examined: 1,
      skipped: 1,
      sent: 0,
    });
    expect((await fixtures.store().savedSearches.findById(daily.id))?.next_digest_at).not.toBeNull();
    expect(await mailsTo(server.dataDir, 'grace@acme.example', 'search_digest')).toHaveLength(0);
  });

  it('waits while search answers from the store, and sends once the engine answers', async () => {
    await save();
    const fresh = await newAgent('ContraLingo', 'Translates legal contracts and court filings into French.');
    await eventually(searchFinds('translate legal contracts', fresh.id));
    const at = Date.now() + DAY + 60_000;
    const degraded: DigestServices = {
      ...digests(at),
      search: async (request) => ({
        ...(await server.running.context.search.search(request)),
        degraded: true,
      }),
    };
    expect(await sendDigests(degraded, {})).toMatchObject({ searchNotReady: true, sent: 0 });
    expect(await sendDigests(digests(at), {})).toMatchObject({ sent: 1 });
  });
});
