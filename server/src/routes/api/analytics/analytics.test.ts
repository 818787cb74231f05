import path from 'node:path';
import { lastWeeks } from '@agentry/domain/weeks';
import { agentInput } from '@agentry/platform/store/contract';
import type { AgentWeekCounts } from '@agentry/platform/store/port';
import Database from 'better-sqlite3';
import { eventually, startTestServer, type TestServer } from '../../../testing/test-server';
import { accountForm, Visitor } from '../../../testing/visitor';

// Provider analytics through the real app on a real store: searches, agent pages and clicks are
// counted in memory, written by a flush, and read back by the provider they belong to only.

const NOW = Date.parse('2026-11-18T12:00:00Z');
const THIS_WEEK = '2026-11-16';

const recruiters = [
  agentInput({ name: 'TalentHound', category: 'HR & Recruiting', role: 'Recruiter' }),
  agentInput({ name: 'ScreenSense', category: 'HR & Recruiting', role: 'Recruiter' }),
  agentInput({ name: 'HireWise', category: 'HR & Recruiting', role: 'Recruiter' }),
];

describe('provider analytics', () => {
  let server: TestServer;
  const context = () => server.running.context;
  const store = () => context().store;
  const ids: Record<string, string> = {};

  /** Every count written so far, as agent → kind → count for this week. */
  async function stored(agentIds = Object.values(ids)): Promise<Record<string, Partial<AgentWeekCounts>>> {
    await context().analytics!.flush();
    const rows = await store().agentStats.forAgents(agentIds, THIS_WEEK);
    return Object.fromEntries(rows.map(({ agent_id, week: _week, ...counts }) => [agent_id, counts]));
  }

  beforeEach(async () => {
    server = await startTestServer({}, { now: () => NOW });
    for (const input of recruiters) ids[input.name] = (await store().agents.create(input)).id;
    // Asked of the search service itself, which counts nothing (the routes count).
    await eventually(
      async () =>
        (await context().search.search({ query: 'recruiter' })).response.hits.length === recruiters.length,
    );
  });
  afterEach(() => server.stop());

  describe('counting', () => {
    it('counts every hit of a search answer as appeared, written at the next flush', async () => {
      await server.http.get('/api/search?query=recruiter').expect(200);
      expect(context().analytics!.pendingKeys).toBe(3);
      expect((await stored())[ids.TalentHound!]).toMatchObject({ appeared: 1, opened: 0 });
      expect(Object.keys(await stored())).toHaveLength(3);
    });

    it('counts role lists and InstantSearch pages beyond the first, but not facet-only requests', async () => {
      const role = await server.http
        .get('/api/search-by-role')
        .query({ role: 'Recruiter', category: 'HR & Recruiting', limit: 1, offset: 1 })
        .expect(200);
      const instant = await server.http
        .post('/api/instantsearch/multi-search')
        .send({
          requests: [
            { indexName: 'agents', params: { query: 'recruiter', hitsPerPage: 2, page: 1 } },
            { indexName: 'agents', params: { query: 'recruiter', hitsPerPage: 0, facets: ['category'] } },
          ],
        })
        .expect(200);
      const counts = await stored();
      const appeared = Object.values(counts).reduce((sum, row) => sum + (row.appeared ?? 0), 0);
      // One agent from the role list (offset 1) and one on InstantSearch's second page of two: once
      // each, and once in all if they are the same agent (one client, one day).
      const shown = new Set([role.body[0].id, instant.body.results[0].hits[0].id]);
      expect(instant.body.results[0].hits).toHaveLength(1);
      expect(appeared).toBe(shown.size);
    });

    it('counts an agent page read as opened, and no other read of the agent', async () => {
      await server.http.get(`/api/agents/${ids.ScreenSense}?view=page`).expect(200);
      // A shortlist or a program reading the agent is not a visit to its page.
      await server.http.get(`/api/agents/${ids.ScreenSense}`).expect(200);
      await server.http.get('/api/agents/does-not-exist?view=page').expect(404);
      expect((await stored())[ids.ScreenSense!]).toMatchObject({ opened: 1, appeared: 0 });
    });

    it('takes a click as a beacon (text/plain, no session, no token) and answers 204', async () => {
      const response = await server.http
        .post('/api/events')
        .set('Content-Type', 'text/plain;charset=UTF-8')
        .send(JSON.stringify({ type: 'clicked', agent_id: ids.HireWise }))
        .expect(204);
      expect(response.headers['set-cookie']).toBeUndefined();
      await server.http.post('/api/events').send({ type: 'clicked', agent_id: ids.HireWise }).expect(204);
      // The same client clicking again the same day counts once (analytics/once-per-audience.ts).
      expect((await stored())[ids.HireWise!]).toMatchObject({ clicked: 1 });
    });

    it('answers 204 for an unknown or removed agent and counts nothing; 400 for a malformed event', async () => {
      await store().agents.update(ids.HireWise!, { removed: true });
      await server.http.post('/api/events').send({ type: 'clicked', agent_id: 'nobody' }).expect(204);
      await server.http.post('/api/events').send({ type: 'clicked', agent_id: ids.HireWise }).expect(204);
      expect(context().analytics!.pendingKeys).toBe(0);
      await server.http.post('/api/events').send({ type: 'opened', agent_id: ids.HireWise }).expect(400);
      await server.http.post('/api/events').set('Content-Type', 'text/plain').send('not json').expect(400);
    });

    it('keeps nothing about the visitor: agent_stats rows hold an agent, a week and counts only', async () => {
      const browser = new Visitor(server.running.url);
      await browser.post('/api/users', accountForm()).expect(201);
      await browser.get('/api/search?query=recruiter').set('X-Forwarded-For', '203.0.113.9').expect(200);
      await browser.get(`/api/agents/${ids.TalentHound}?view=page`).expect(200);
      await browser.post('/api/events', { type: 'clicked', agent_id: ids.TalentHound }).expect(204);
      await context().analytics!.flush();

      const db = new Database(context().storeFile ?? path.join(server.dataDir, 'agentry.db'), {
        readonly: true,
      });
      try {
        const columns = (db.prepare('PRAGMA table_info(agent_stats)').all() as Array<{ name: string }>).map(
          (column) => column.name,
        );
        expect(columns).toEqual([
          'agent_id',
          'week',
          'appeared',
          'opened',
          'clicked',
          'compared',
          'contacted',
        ]);
        const rows = db.prepare('SELECT * FROM agent_stats').all() as Array<Record<string, unknown>>;
        // Rows name the agents that were shown, opened or clicked, never the visitor who did it.
        expect(rows.map((row) => row.agent_id).sort()).toEqual(Object.values(ids).sort());
        const text = JSON.stringify(rows);
        for (const personal of ['maker@example.com', 'Ada Lovelace', '127.0.0.1', '203.0.113.9']) {
          expect(text).not.toContain(personal);
        }
        expect(rows.find((row) => row.agent_id === ids.TalentHound)).toMatchObject({
          week: THIS_WEEK,
          appeared: 1,
          opened: 1,
          clicked: 1,
        });
      } finally {
        db.close();
      }
    });
  });

  describe('GET /api/users/analytics', () => {
    async function provider(email: string, agentNames: string[]) {
      const browser = new Visitor(server.running.url);
      const created = await browser.post('/api/users', accountForm({ email })).expect(201);
      const userId = created.body.user_id as string;
      const owned: string[] = [];
      for (const name of agentNames) {
        owned.push((await store().agents.create(agentInput({ name, owner_id: userId }))).id);
      }
      return { browser, owned };
    }

    it("answers the provider's own agents only, with zero-filled weeks, oldest first", async () => {
      const ada = await provider('ada@example.com', ['Ada One', 'Ada Two']);
      const bob = await provider('bob@example.com', ['Bob One']);
      await store().agentStats.increment([
        { agent_id: ada.owned[0]!, week: '2026-11-02', kind: 'opened', count: 4 },
        { agent_id: ada.owned[0]!, week: '2026-08-03', kind: 'opened', count: 9 },
        { agent_id: bob.owned[0]!, week: THIS_WEEK, kind: 'opened', count: 7 },
      ]);

      const response = await ada.browser.get('/api/users/analytics?weeks=3').expect(200);

      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body.weeks).toEqual(['2026-11-02', '2026-11-09', THIS_WEEK]);
      expect(response.body.agents.map((agent: { name: string }) => agent.name).sort()).toEqual([
        'Ada One',
        'Ada Two',
      ]);
      const one = response.body.agents.find((agent: { id: string }) => agent.id === ada.owned[0]);
      const none = { appeared: 0, opened: 0, clicked: 0, compared: 0, contacted: 0 };
      expect(one).toEqual({
        id: ada.owned[0],
        name: 'Ada One',
        totals: { ...none, opened: 4 },
        weekly: [
          { week: '2026-11-02', ...none, opened: 4 },
          { week: '2026-11-09', ...none },
          { week: THIS_WEEK, ...none },
        ],
      });
    });

    it('includes counts not yet flushed, and twelve weeks by default', async () => {
      const ada = await provider('ada@example.com', ['Ada One']);
      await server.http.get(`/api/agents/${ada.owned[0]}?view=page`).expect(200);
      context().analytics!.count('contacted', [ada.owned[0]!]);

      const response = await ada.browser.get('/api/users/analytics').expect(200);

      expect(response.body.weeks).toEqual(lastWeeks(new Date(NOW), 12));
      expect(response.body.agents[0].totals).toMatchObject({ opened: 1, contacted: 1 });
      expect(response.body.agents[0].weekly.at(-1)).toMatchObject({ week: THIS_WEEK, opened: 1 });
      // Once flushed, the same figures come from the store.
      await context().analytics!.flush();
      const again = await ada.browser.get('/api/users/analytics').expect(200);
      expect(again.body.agents[0].totals).toEqual(response.body.agents[0].totals);
    });

    it('asks for a sign-in, and refuses a number of weeks out of range', async () => {
      await server.http.get('/api/users/analytics').expect(401);
      const ada = await provider('ada@example.com', []);
      const empty = await ada.browser.get('/api/users/analytics?weeks=1').expect(200);
      expect(empty.body).toEqual({ success: true, weeks: [THIS_WEEK], agents: [] });
      const refused = await ada.browser.get('/api/users/analytics?weeks=53').expect(400);
      expect(refused.body.error).toBe('weeks: must be a whole number from 1 to 52');
    });
  });
});
