import { SHORTLIST_AGENTS_MAX, SHORTLISTS_PER_USER_MAX } from '@agentry/platform/store/port';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from './fixtures';

// An active employer's shortlists, through the real app on a real store.

describe('shortlists', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let grace: Person;

  beforeEach(async () => {
    server = await startTestServer(EMPLOYER_TEST_ENV);
    grace = await fixtures.employer('grace@acme.example');
  });
  afterEach(() => server.stop());

  it('creates a list with a trimmed name and answers it in the list of lists', async () => {
    const created = await grace.browser.post('/api/shortlists', { name: '  Support bots \n' }).expect(201);
    expect(created.body).toEqual({
      success: true,
      shortlist: {
        id: expect.any(String),
        name: 'Support bots',
        agent_ids: [],
        items: [],
        created_by: 'Grace Hopper',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    const listed = await grace.browser.get('/api/shortlists').expect(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.body).toEqual({ success: true, shortlists: [created.body.shortlist] });
  });

  it('refuses an empty name, a name over 60 characters and a second list of the same name', async () => {
    const empty = await grace.browser.post('/api/shortlists', { name: ' \t ' }).expect(400);
    expect(empty.body.error).toBe('Please give the list a name');
    const long = await grace.browser.post('/api/shortlists', { name: 'x'.repeat(61) }).expect(400);
    expect(long.body.error).toBe('A list name has at most 60 characters');
    await grace.browser.post('/api/shortlists', { name: 'x'.repeat(60) }).expect(201);
    await grace.browser.post('/api/shortlists', { name: 'Finance' }).expect(201);
    const duplicate = await grace.browser.post('/api/shortlists', { name: ' Finance ' }).expect(409);
    expect(duplicate.body.error).toBe('You already have a list named Finance');
  });

  it(`keeps at most ${SHORTLISTS_PER_USER_MAX} lists per employer`, async () => {
    for (let i = 0; i < SHORTLISTS_PER_USER_MAX; i++)
      await fixtures.store().shortlists.create(grace.userId, `List ${i}`);
    const refused = await grace.browser.post('/api/shortlists', { name: 'One more' }).expect(409);
    expect(refused.body.error).toContain(`at most ${SHORTLISTS_PER_USER_MAX} lists`);
  });

  it('renames a list, but not to the name of another of its lists', async () => {
    const list = await fixtures.store().shortlists.create(grace.userId, 'Support');
    await fixtures.store().shortlists.create(grace.userId, 'Finance');
    const renamed = await grace.browser.put(`/api/shortlists/${list.id}`, { name: 'Helpdesk' }).expect(200);
    expect(renamed.body.shortlist).toMatchObject({ id: list.id, name: 'Helpdesk' });
    await grace.browser.put(`/api/shortlists/${list.id}`, { name: 'Finance' }).expect(409);
  });

  it('adds agents in order, once each, removes them, and deletes the list', async () => {
    const list = await fixtures.store().shortlists.create(grace.userId, 'Support');
    const first = await fixtures.agent('InboxPilot');
    const second = await fixtures.agent('LedgerLark');
    const path = `/api/shortlists/${list.id}/agents`;
    await grace.browser.post(path, { agent_id: second.id }).expect(200);
    await grace.browser.post(path, { agent_id: first.id }).expect(200);
    const again = await grace.browser.post(path, { agent_id: second.id }).expect(200);
    expect(again.body.shortlist.agent_ids).toEqual([second.id, first.id]);
    const removed = await grace.browser.delete(`${path}/${second.id}`).expect(200);
    expect(removed.body.shortlist.agent_ids).toEqual([first.id]);
    await grace.browser.delete(`/api/shortlists/${list.id}`).expect(200, { success: true });
    await grace.browser.delete(`/api/shortlists/${list.id}`).expect(404, { error: 'List not found' });
    expect((await grace.browser.get('/api/shortlists').expect(200)).body.shortlists).toEqual([]);
  });

  it('adds only agents that are listed: a missing or removed one is a 404', async () => {
    const list = await fixtures.store().shortlists.create(grace.userId, 'Support');
    const removed = await fixtures.agent('Gone', { removed: true });
    const path = `/api/shortlists/${list.id}/agents`;
    await grace.browser.post(path, { agent_id: removed.id }).expect(404, { error: 'Agent not found' });
    await grace.browser.post(path, { agent_id: '999999' }).expect(404, { error: 'Agent not found' });
    await grace.browser.post(path, { agent_id: '' }).expect(400);
  });

  it(`refuses an agent to a full list (${SHORTLIST_AGENTS_MAX} agents) with 409`, async () => {
    const list = await fixtures.store().shortlists.create(grace.userId, 'Big');
    for (let i = 0; i < SHORTLIST_AGENTS_MAX; i++)
      await fixtures.store().shortlists.addAgent(list.id, grace.userId, `filler-${i}`);
    const agent = await fixtures.agent('InboxPilot');
    const full = await grace.browser
      .post(`/api/shortlists/${list.id}/agents`, { agent_id: agent.id })
      .expect(409);
    expect(full.body.error).toContain(`at most ${SHORTLIST_AGENTS_MAX} agents`);
  });

  it("answers 404 for another employer's list on every call, and never lists it", async () => {
    const list = await fixtures.store().shortlists.create(grace.userId, 'Support');
    const agent = await fixtures.agent('InboxPilot');
    await fixtures.store().shortlists.addAgent(list.id, grace.userId, agent.id);
    const other = await fixtures.employer('other@globex.example');
    expect((await other.browser.get('/api/shortlists').expect(200)).body.shortlists).toEqual([]);
    await other.browser.put(`/api/shortlists/${list.id}`, { name: 'Mine now' }).expect(404);
    await other.browser.post(`/api/shortlists/${list.id}/agents`, { agent_id: agent.id }).expect(404);
    await other.browser.delete(`/api/shortlists/${list.id}/agents/${agent.id}`).expect(404);
    await other.browser.delete(`/api/shortlists/${list.id}`).expect(404);
    expect(await fixtures.store().shortlists.get(list.id, grace.userId)).toMatchObject({
      name: 'Support',
      agent_ids: [agent.id],
    });
  });
});
