import { agentInput } from '@agentry/platform/store/contract';
import { startTestServer, type TestServer } from '../../../testing/test-server';

// Issue 25: the provider's name on an agent page leads to the provider's page when there is one.

describe('GET /api/agents/:id and its provider page', () => {
  let server: TestServer;
  let ownedId: string;
  let unownedId: string;
  let ownerId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const { store } = server.running.context;
    const owner = await store.users.create({
      email: 'acme@example.com',
      full_name: 'Ada Lovelace',
      organization: 'Acme Labs',
      user_type: 'agent_provider',
      password_hash: 'scrypt$x',
      slug: 'acme-labs',
      website: 'https://acme.example',
      subscription_status: 'active',
    });
    ownerId = owner.id;
    ownedId = (
      await store.agents.create(agentInput({ name: 'AcmeBot', provider: 'Acme Labs', owner_id: owner.id }))
    ).id;
    unownedId = (await store.agents.create(agentInput({ name: 'Stray', provider: 'Nobody' }))).id;
  });
  afterAll(() => server.stop());

  it("answers the subscribed owner's page path", async () => {
    const { body } = await server.http.get(`/api/agents/${ownedId}`).expect(200);
    expect(body.provider_page).toBe('/providers/acme-labs');
  });

  it('answers null for an agent nobody owns', async () => {
    const { body } = await server.http.get(`/api/agents/${unownedId}`).expect(200);
    expect(body.provider_page).toBeNull();
  });

  it('answers null once the subscription ends, with a new ETag', async () => {
    const before = await server.http.get(`/api/agents/${ownedId}`).expect(200);
    await server.running.context.store.users.update(ownerId, { subscription_status: 'inactive' });
    const after = await server.http
      .get(`/api/agents/${ownedId}`)
      .set('If-None-Match', before.headers.etag as string)
      .expect(200);
    expect(after.body.provider_page).toBeNull();
    await server.running.context.store.users.update(ownerId, { subscription_status: 'active' });
  });
});
