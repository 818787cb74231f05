import { growth, SIGNALS, weekShare } from '@agentry/domain/public-signals';
import { agentInput } from '@agentry/platform/store/contract';
import { startTestServer, type TestServer } from '../../../testing/test-server';

// GET /api/signals (issue 26): the lists answer as domain/src/contract/signals.ts declares them. The
// live-answer check (testing/jest-setup.ts) parses the answer with that schema, so a field added to
// or dropped from the presented lists fails here.

describe('GET /api/signals', () => {
  let server: TestServer;
  // A Thursday noon: half of the week (from Monday 2026-11-23) has passed.
  const now = new Date('2026-11-26T12:00:00.000Z');

  beforeAll(async () => {
    server = await startTestServer({}, { now: () => now.getTime() });
  });
  afterAll(() => server.stop());

  it('lists the most compared and the trending agents, each as a public agent with its people', async () => {
    const store = server.running.context.store;
    const compared = await store.agents.create(agentInput({ name: 'Compared Often' }));
    const rising = await store.agents.create(agentInput({ name: 'Rising Fast', provider: 'Elsewhere' }));
    await store.agentStats.increment([
      { agent_id: compared.id, week: '2026-11-23', kind: 'compared', count: SIGNALS.minCompared + 1 },
      { agent_id: rising.id, week: '2026-11-23', kind: 'opened', count: 10 },
      { agent_id: rising.id, week: '2026-11-16', kind: 'opened', count: 2 },
    ]);

    const response = await server.http.get('/api/signals').expect(200);

    expect(response.body.week).toBe('2026-11-23');
    expect(response.body.most_compared).toEqual([
      { agent: expect.objectContaining({ id: compared.id, name: 'Compared Often' }), people: 4 },
    ]);
    expect(response.body.trending).toEqual([
      {
        agent: expect.objectContaining({ id: rising.id, name: 'Rising Fast' }),
        people: 10,
        growth: Math.round(growth(10, 2, weekShare(now)) * 10) / 10,
      },
    ]);
  });
});
