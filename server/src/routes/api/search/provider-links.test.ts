import { agentInput } from '@agentry/platform/store/contract';
import { eventually, startTestServer, type TestServer } from '../../../testing/test-server';

// Issue 25: a provider's name on a result card leads to the provider's page, so every search hit
// carries `provider_page` (domain/provider-page.ts), kept current through the index when the
// provider's plan ends or starts or its page moves (platform/src/store/trust/with-provider-page-changes.ts).

describe('search hits and their provider page', () => {
  let server: TestServer;
  let ownerId: string;

  const instantHit = async (query: string) => {
    const { body } = await server.http
      .post('/api/instantsearch/multi-search')
      .send({ requests: [{ indexName: 'agents', params: { query, hitsPerPage: 5 } }] })
      .expect(200);
    return body.results[0].hits.find((hit: { name: string }) => hit.name === query) as
      | { provider_page: string | null }
      | undefined;
  };
  const apiHit = async (query: string) => {
    const { body } = await server.http.get('/api/search').query({ query }).expect(200);
    return (body as Array<{ name: string; provider_page: string | null }>).find(
      (agent) => agent.name === query,
    );
  };

  beforeAll(async () => {
    server = await startTestServer();
    const { store } = server.running.context;
    const owner = await store.users.create({
      email: 'ada@quillmark.example',
      full_name: 'Ada Lovelace',
      organization: 'Quillmark Labs',
      user_type: 'agent_provider',
      password_hash: 'scrypt$x',
      slug: 'quillmark-labs',
      subscription_status: 'active',
    });
    ownerId = owner.id;
    await store.agents.create(
      agentInput({ name: 'Quillmarker', provider: 'Quillmark Labs', owner_id: owner.id }),
    );
    await store.agents.create(agentInput({ name: 'Strayquill', provider: 'Nobody' }));
  });
  afterAll(() => server.stop());

  it("carries the subscribed owner's page, and null for an agent nobody owns", async () => {
    await eventually(async () => (await instantHit('Quillmarker')) !== undefined);
    expect((await instantHit('Quillmarker'))?.provider_page).toBe('/providers/quillmark-labs');
    expect((await apiHit('Quillmarker'))?.provider_page).toBe('/providers/quillmark-labs');
    await eventually(async () => (await instantHit('Strayquill')) !== undefined);
    expect((await instantHit('Strayquill'))?.provider_page).toBeNull();
  });

  it('drops the link from the index once the plan ends, and brings it back at a new address', async () => {
    await eventually(
      async () => (await instantHit('Quillmarker'))?.provider_page === '/providers/quillmark-labs',
    );
    const { store } = server.running.context;
    await store.users.update(ownerId, { subscription_status: 'inactive' });
    await eventually(async () => (await instantHit('Quillmarker'))?.provider_page === null);
    expect((await apiHit('Quillmarker'))?.provider_page).toBeNull();
    await store.users.update(ownerId, { subscription_status: 'active', slug: 'quillmark' });
    await eventually(async () => (await instantHit('Quillmarker'))?.provider_page === '/providers/quillmark');
    expect((await apiHit('Quillmarker'))?.provider_page).toBe('/providers/quillmark');
  });
});
