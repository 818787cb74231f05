import { SAVED_SEARCHES_PER_OWNER_MAX } from '@agentry/domain/saved-searches';
import { unsubscribeToken } from '../../../auth/digest-unsubscribe';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { Visitor } from '../../../testing/visitor';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from './fixtures';

// An active employer's saved searches (issue 28), through the real app on a real store: saved with
// the search screen's state, answered to their owner only, capped, and stopped by the digest's
// signed unsubscribe link without signing in.

const BASE = '/api/employer/saved-searches';
const SEARCH = {
  query: ' answer customer emails in spanish ',
  filters: { pricing: ['paid', ' paid ', 'freemium'], category: [] },
  price_max: 50,
  sort: 'price_asc',
};

describe('saved searches', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let grace: Person;

  beforeEach(async () => {
    server = await startTestServer(EMPLOYER_TEST_ENV);
    grace = await fixtures.employer('grace@acme.example');
  });
  afterEach(() => server.stop());

  const save = (person: Person, body: object = { name: 'Spanish support', search: SEARCH, alert: 'daily' }) =>
    person.browser.post(BASE, body);

  it('saves the search cleaned, with its address and a daily digest due a day later', async () => {
    const created = await save(grace).expect(201);
    const saved = created.body.saved_search;
    expect(saved).toEqual({
      id: expect.any(String),
      name: 'Spanish support',
      search: {
        query: 'answer customer emails in spanish',
        filters: { pricing: ['paid', 'freemium'] },
        price_min: null,
        price_max: 50,
        starting_price_min: null,
        starting_price_max: null,
        sort: 'price_asc',
      },
      alert: 'daily',
      path: '/employer/search?q=answer+customer+emails+in+spanish&pricing=paid&pricing=freemium&price_max=50&sort=price_asc',
      last_digest_at: expect.any(String),
      next_digest_at: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(Date.parse(saved.next_digest_at) - Date.parse(saved.last_digest_at)).toBe(24 * 60 * 60 * 1000);
    const listed = await grace.browser.get(BASE).expect(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.body).toEqual({
      success: true,
      saved_searches: [saved],
      max: SAVED_SEARCHES_PER_OWNER_MAX,
    });
  });

  it('refuses an empty name, an unknown filter, a reversed price range and a bad alert with clear messages', async () => {
    const empty = await save(grace, { name: '  ', search: SEARCH }).expect(400);
    expect(empty.body.error).toBe('Please give the search a name');
    const unknown = await save(grace, { name: 'X', search: { filters: { colour: ['red'] } } }).expect(400);
    expect(JSON.stringify(unknown.body)).toContain('filters are among: category, role, provider, pricing');
    const reversed = await save(grace, { name: 'X', search: { price_min: 60, price_max: 10 } }).expect(400);
    expect(reversed.body.error).toBe('The lowest price must not be above the highest');
    const alert = await save(grace, { name: 'X', search: {}, alert: 'hourly' }).expect(400);
    expect(JSON.stringify(alert.body)).toContain("alert must be 'off', 'daily' or 'weekly'");
  });

  it(`keeps at most ${SAVED_SEARCHES_PER_OWNER_MAX} saved searches per employer`, async () => {
    for (let i = 0; i < SAVED_SEARCHES_PER_OWNER_MAX; i++)
      await save(grace, { name: `Search ${i}`, search: {} }).expect(201);
    const refused = await save(grace, { name: 'One more', search: {} }).expect(409);
    expect(refused.body.error).toContain(`at most ${SAVED_SEARCHES_PER_OWNER_MAX} saved searches`);
  });

  it('renames, changes the alert (off clears the due time) and deletes', async () => {
    const { id } = (await save(grace).expect(201)).body.saved_search;
    const renamed = await grace.browser.put(`${BASE}/${id}`, { name: 'Helpdesk' }).expect(200);
    expect(renamed.body.saved_search).toMatchObject({ name: 'Helpdesk', alert: 'daily' });
    const off = await grace.browser.put(`${BASE}/${id}`, { alert: 'off' }).expect(200);
    expect(off.body.saved_search).toMatchObject({ alert: 'off', next_digest_at: null });
    const weekly = await grace.browser.put(`${BASE}/${id}`, { alert: 'weekly' }).expect(200);
    expect(Date.parse(weekly.body.saved_search.next_digest_at) - Date.now()).toBeGreaterThan(
      6 * 24 * 3600 * 1000,
    );
    await grace.browser.put(`${BASE}/${id}`, {}).expect(400);
    await grace.browser.delete(`${BASE}/${id}`).expect(200, { success: true });
    await grace.browser.delete(`${BASE}/${id}`).expect(404, { error: 'Saved search not found' });
  });

  it("answers another employer's search as a missing one, and lists only one's own", async () => {
    const { id } = (await save(grace).expect(201)).body.saved_search;
    const ida = await fixtures.employer('ida@rival.example');
    await ida.browser.put(`${BASE}/${id}`, { name: 'Mine now' }).expect(404);
    await ida.browser.delete(`${BASE}/${id}`).expect(404);
    expect((await ida.browser.get(BASE).expect(200)).body.saved_searches).toEqual([]);
    expect((await grace.browser.get(BASE).expect(200)).body.saved_searches).toHaveLength(1);
  });

  it('is for active employers only: a visitor gets 401, a provider and a lapsed employer 403', async () => {
    await new Visitor(server.running.url).get(BASE).expect(401);
    const ada = await fixtures.provider('ada@northwind.example', { subscribed: true });
    expect((await ada.browser.get(BASE).expect(403)).body.requires_subscription).toBe(true);
    const lapsed = await fixtures.employer('lapsed@acme.example', { active: false });
    await save(lapsed).expect(403);
  });

  it("stops a search's e-mails from the digest's link signed out, and refuses a tampered link", async () => {
    const { id } = (await save(grace).expect(201)).body.saved_search;
    const secret = server.running.context.sessionSecret;
    const token = unsubscribeToken(secret, id, grace.userId);
    const stranger = new Visitor(server.running.url);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const refused = await stranger
      .post('/api/saved-searches/unsubscribe', { id, token: tampered })
      .expect(404);
    expect(refused.body.error).toBe(
      'This unsubscribe link is not valid. Sign in to change your e-mail alerts.',
    );
    const other = (await save(grace, { name: 'Other', search: {}, alert: 'daily' }).expect(201)).body
      .saved_search;
    await stranger.post('/api/saved-searches/unsubscribe', { id: other.id, token }).expect(404);
    expect((await fixtures.store().savedSearches.findById(id))?.alert).toBe('daily');

    const done = await stranger.post('/api/saved-searches/unsubscribe', { id, token }).expect(200);
    expect(done.body).toEqual({ success: true, name: 'Spanish support' });
    expect(await fixtures.store().savedSearches.findById(id)).toMatchObject({
      alert: 'off',
      next_digest_at: null,
    });
    expect((await fixtures.store().savedSearches.findById(other.id))?.alert).toBe('daily');
  });
});
