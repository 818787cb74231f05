import { agentInput } from '@agentry/platform/store/contract/fixtures';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { ADMIN_ENV, AdminBrowser, accountForm, Visitor } from '../../../testing/visitor';

// Provider spellings (issue 25): staff see the spellings that likely name one provider and merge
// them; the merge moves the agents (the search index follows their change-log entries), leaves an
// agent whose name is taken under the new spelling, and is in the audit log.

describe('provider duplicates and their merge', () => {
  let server: TestServer;
  let admin: AdminBrowser;
  const store = () => server.running.context.store;

  beforeEach(async () => {
    server = await startTestServer(ADMIN_ENV);
    admin = await new AdminBrowser(server.running.url).signIn();
  });
  afterEach(() => server.stop());

  async function seed() {
    const agents = store().agents;
    await agents.create(agentInput({ name: 'Copilot', provider: 'microsoft.com' }));
    await agents.create(agentInput({ name: 'Teams Helper', provider: 'microsoft.com' }));
    const clash = await agents.create(agentInput({ name: 'Copilot', provider: 'microsoft' }));
    const moving = await agents.create(agentInput({ name: 'Bing Writer', provider: 'microsoft' }));
    const gone = await agents.create(agentInput({ name: 'Cortana', provider: 'Microsoft' }));
    await agents.update(gone.id, { removed: true });
    await agents.create(agentInput({ name: 'ChatGPT', provider: 'openai.com' }));
    await agents.create(agentInput({ name: 'Whisper', provider: 'openai' }));
    await agents.create(agentInput({ name: 'Docs Bot', provider: 'docs.google.com' }));
    await agents.create(agentInput({ name: 'Gemini', provider: 'google.com' }));
    return { clash, moving, gone };
  }

  it('groups the spellings that share a key, the most agents first, and leaves single spellings out', async () => {
    await seed();
    const answer = await admin.get('/api/admin/providers/duplicates').expect(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual({
      success: true,
      complete: true,
      groups: [
        {
          key: 'microsoft',
          spellings: [
            { provider: 'microsoft.com', agents: 2 },
            { provider: 'microsoft', agents: 2 },
            { provider: 'Microsoft', agents: 1 },
          ],
        },
        {
          key: 'openai',
          spellings: [
            { provider: 'openai.com', agents: 1 },
            { provider: 'openai', agents: 1 },
          ],
        },
      ],
    });
  });

  it('merges spellings into one, reports the agent whose name is taken there, and writes the audit log', async () => {
    const { clash, moving, gone } = await seed();
    const start = await store().changes.head();
    const merged = await admin
      .post('/api/admin/providers/merge', {
        from: ['microsoft', 'Microsoft', 'microsoft.com'],
        into: 'microsoft.com',
      })
      .expect(200);
    expect(merged.body).toEqual({
      success: true,
      into: 'microsoft.com',
      moved: 2,
      clashed: [{ id: clash.id, name: 'Copilot', provider: 'microsoft' }],
      clashed_total: 1,
      remaining: false,
    });
    expect((await store().agents.get(moving.id))!.provider).toBe('microsoft.com');
    expect(await store().agents.get(gone.id)).toMatchObject({ provider: 'microsoft.com', removed: true });
    expect((await store().agents.get(clash.id))!.provider).toBe('microsoft');
    // One change-log entry per moved agent: the indexer reads them again.
    const changed = (await store().changes.since(start, 100)).map((change) => change.agent_id).sort();
    expect(changed).toEqual([moving.id, gone.id].sort());

    const audit = await admin.get('/api/admin/audit?action=merge_providers').expect(200);
    expect(audit.body.entries).toEqual([
      expect.objectContaining({
        actor: ADMIN_ENV.ADMIN_USERNAME,
        action: 'merge_providers',
        entity_type: 'provider',
        entity_label: 'microsoft.com',
        before: { providers: ['microsoft', 'Microsoft'] },
        after: {
          provider: 'microsoft.com',
          moved: { microsoft: 1, Microsoft: 1 },
          clashed: 1,
          remaining: false,
        },
      }),
    ]);

    // Only the clashing spelling is left of the group.
    const left = await admin.get('/api/admin/providers/duplicates').expect(200);
    expect(left.body.groups[0]).toEqual({
      key: 'microsoft',
      spellings: [
        { provider: 'microsoft.com', agents: 4 },
        { provider: 'microsoft', agents: 1 },
      ],
    });
  });

  it('moves nothing and writes no audit entry for a spelling no agent carries', async () => {
    await seed();
    const answer = await admin
      .post('/api/admin/providers/merge', { from: ['nobody.example'], into: 'openai.com' })
      .expect(200);
    expect(answer.body).toMatchObject({ moved: 0, clashed: [], clashed_total: 0, remaining: false });
    expect((await admin.get('/api/admin/audit?action=merge_providers').expect(200)).body.total).toBe(0);
  });

  it('refuses a merge with nothing to move, an empty spelling or an unknown field, saying why', async () => {
    const same = await admin
      .post('/api/admin/providers/merge', { from: ['openai'], into: 'openai' })
      .expect(400);
    expect(same.body.error).toBe('Name a spelling other than the one to merge into');
    const empty = await admin.post('/api/admin/providers/merge', { from: [], into: 'openai' }).expect(400);
    expect(empty.body.error).toMatch(/at least one spelling/);
    const blank = await admin
      .post('/api/admin/providers/merge', { from: ['openai'], into: '  ' })
      .expect(400);
    expect(blank.body.error).toMatch(/into must not be blank/);
    const extra = await admin
      .post('/api/admin/providers/merge', { from: ['openai'], into: 'openai.com', force: true })
      .expect(400);
    expect(extra.body.error).toMatch(/Unknown field "force"/);
  });

  it('is staff only (401 to a provider), and refuses staff without the CSRF token (403)', async () => {
    const { moving } = await seed();
    const provider = new Visitor(server.running.url);
    await provider.post('/api/users', accountForm({ email: 'p@example.com' })).expect(201);
    const token = await provider.csrfToken();
    await provider.http.get('/api/admin/providers/duplicates').expect(401);
    await provider.http
      .post('/api/admin/providers/merge')
      .set('X-CSRF-Token', token)
      .send({ from: ['microsoft'], into: 'microsoft.com' })
      .expect(401);
    await admin.http
      .post('/api/admin/providers/merge')
      .send({ from: ['microsoft'], into: 'microsoft.com' })
      .expect(403);
    expect((await store().agents.get(moving.id))!.provider).toBe('microsoft');
  });
});
