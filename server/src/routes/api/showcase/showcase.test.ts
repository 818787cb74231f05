import { SHOWCASE } from '@agentry/domain/home-showcase';
import { agentInput } from '@agentry/platform/store/contract';
import type { Store } from '@agentry/platform/store/port';
import { eventually, startTestServer, type TestServer } from '../../../testing/test-server';

// GET /api/showcase (issue 25): the home page's new, verified and well-reviewed agents, each list
// from a bounded read, worked out at most every SHOWCASE.cacheMinutes.

const names = (list: Array<{ name: string }>) => list.map((agent) => agent.name);

async function rate(store: Store, agentId: string, ratings: number[]) {
  for (const [index, rating] of ratings.entries()) {
    await store.reviews.write({
      agent_id: agentId,
      org_key: `user:${index}`,
      author_id: `e${index}`,
      organization: `Org ${index}`,
      rating,
      body: 'Did the job.',
    });
  }
}

describe('GET /api/showcase', () => {
  let server: TestServer;
  let clock = Date.parse('2026-11-27T12:00:00.000Z');
  const store = () => server.running.context.store;
  const later = (minutes: number) => {
    clock += minutes * 60_000;
  };

  beforeAll(async () => {
    server = await startTestServer({}, { now: () => clock });
    const owner = await store().users.create({
      email: 'acme@example.com',
      full_name: 'Ada Lovelace',
      organization: 'Acme Labs',
      user_type: 'agent_provider',
      password_hash: 'scrypt$x',
      subscription_status: 'active',
    });
    const domain = await store().verifications.create(
      { user_id: owner.id, domain: 'acme.example', token: 't1' },
      5,
    );
    await store().verifications.saveCheck(domain.id, {
      status: 'verified',
      method: 'file',
      verified_at: '2026-11-20T00:00:00.000Z',
      checked_at: '2026-11-20T00:00:00.000Z',
      next_check_at: '2026-11-21T00:00:00.000Z',
      failures: 0,
      lapsed_at: null,
    });
    await store().agents.create(
      agentInput({ name: 'AcmeBot', address: 'https://bot.acme.example', owner_id: owner.id }),
    );
    // Owned, but its site is on a domain the owner did not prove: no badge.
    await store().agents.create(
      agentInput({ name: 'AcmeElsewhere', address: 'https://elsewhere.example', owner_id: owner.id }),
    );
    const liked = await store().agents.create(agentInput({ name: 'Liked' }));
    await rate(store(), liked.id, [5, 5, 4]);
    const middling = await store().agents.create(agentInput({ name: 'Middling' }));
    await rate(store(), middling.id, [3, 3, 3]);
    const fewReviews = await store().agents.create(agentInput({ name: 'FewReviews' }));
    await rate(store(), fewReviews.id, [5, 5]);
    const gone = await store().agents.create(agentInput({ name: 'GoneButLiked' }));
    await rate(store(), gone.id, [5, 5, 5]);
    await store().agents.update(gone.id, { removed: true });
    // Named to sort first too: agents created within one millisecond go by name.
    await store().agents.create(agentInput({ name: 'Aardvark' }));
    // The engine's newest-first order comes from the indexer: wait until it has every agent.
    await eventually(async () => {
      const found = await server.http.get('/api/search?query=Aardvark').expect(200);
      return found.body.some((agent: { name: string }) => agent.name === 'Aardvark');
    });
  });
  afterAll(() => server.stop());

  it('lists the newest agents, verified agents and well-reviewed agents', async () => {
    later(SHOWCASE.cacheMinutes + 1);
    const { body } = await server.http.get('/api/showcase').expect(200);
    expect(names(body.newest)[0]).toBe('Aardvark');
    expect(names(body.newest).sort()).toEqual([
      'Aardvark',
      'AcmeBot',
      'AcmeElsewhere',
      'FewReviews',
      'Liked',
      'Middling',
    ]);
    expect(names(body.verified)).toEqual(['AcmeBot']);
    expect(body.verified[0].verified_domain).toBe('acme.example');
    expect(names(body.well_reviewed)).toEqual(['Liked']);
    expect(body.well_reviewed[0]).toMatchObject({ rating_average: 4.7, rating_count: 3 });
    // Public fields only.
    expect(JSON.stringify(body)).not.toContain('owner_id');
  });

  it('answers from its cache until the cache is old, then sees new agents', async () => {
    later(SHOWCASE.cacheMinutes + 1);
    await server.http.get('/api/showcase').expect(200);
    await store().agents.create(agentInput({ name: 'AAA Newer' }));
    await eventually(async () => {
      const found = await server.http.get('/api/search?query=AAA+Newer').expect(200);
      return found.body.some((agent: { name: string }) => agent.name === 'AAA Newer');
    });
    const cached = await server.http.get('/api/showcase').expect(200);
    expect(names(cached.body.newest)[0]).toBe('Aardvark');
    later(SHOWCASE.cacheMinutes + 1);
    const fresh = await server.http.get('/api/showcase').expect(200);
    expect(names(fresh.body.newest)[0]).toBe('AAA Newer');
  });
});
