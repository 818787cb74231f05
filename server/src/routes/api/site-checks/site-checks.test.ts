import { normalizeAddress } from '@agentry/domain/address';
import { agentInput } from '@agentry/platform/store/contract';
import type { LinkCheckRecord } from '@agentry/platform/store/port';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { ADMIN_ENV, AdminBrowser } from '../../../testing/visitor';

// What the link checker found, as the agent page and the staff's list of broken listings read it
// (issue 26). The answers are held to domain/src/contract/trust.ts (SiteCheck, BrokenListingsPage)
// by the live-answer check (testing/jest-setup.ts): a field added to or dropped from either answer
// fails here.

describe('site checks', () => {
  let server: TestServer;
  const now = Date.parse('2026-11-20T10:00:00.000Z');

  beforeAll(async () => {
    server = await startTestServer(ADMIN_ENV, { now: () => now });
  });
  afterAll(() => server.stop());

  const record = (agentId: string, url: string): LinkCheckRecord => ({
    agent_id: agentId,
    url,
    state: 'down',
    state_since: '2026-11-10T08:00:00.000Z',
    outcome: 'refused',
    http_status: null,
    final_url: null,
    detail: null,
    checked_at: '2026-11-20T08:00:00.000Z',
    failures: 3,
    first_failure_at: '2026-11-10T08:00:00.000Z',
    notified_at: null,
    retry_at: null,
  });

  it("answers an unchecked site, then the checker's last finding, and lists the site as broken for staff", async () => {
    const store = server.running.context.store;
    const agent = await store.agents.create(
      agentInput({ name: 'Down Often', address: 'https://down.example' }),
    );

    const unchecked = await server.http.get(`/api/agents/${agent.id}/site-check`).expect(200);
    expect(unchecked.body).toEqual({
      agent_id: agent.id,
      state: 'unchecked',
      since: null,
      checked_at: null,
      outcome: null,
      http_status: null,
    });

    await store.linkChecks.saveMany([record(agent.id, normalizeAddress(agent.address))]);
    const down = await server.http.get(`/api/agents/${agent.id}/site-check`).expect(200);
    expect(down.body).toEqual({
      agent_id: agent.id,
      state: 'down',
      since: '2026-11-10T08:00:00.000Z',
      checked_at: '2026-11-20T08:00:00.000Z',
      outcome: 'refused',
      http_status: null,
    });

    const admin = await new AdminBrowser(server.running.url).signIn();
    const broken = await admin.get('/api/admin/link-checks?min_days=7').expect(200);
    expect(broken.body).toEqual({
      success: true,
      total: 1,
      listings: [
        {
          agent_id: agent.id,
          name: 'Down Often',
          provider: agent.provider,
          address: normalizeAddress(agent.address),
          owner_email: null,
          since: '2026-11-10T08:00:00.000Z',
          checked_at: '2026-11-20T08:00:00.000Z',
          outcome: 'refused',
          http_status: null,
        },
      ],
    });
    const recent = await admin.get('/api/admin/link-checks?min_days=30').expect(200);
    expect(recent.body).toMatchObject({ total: 0, listings: [] });
  });
});
