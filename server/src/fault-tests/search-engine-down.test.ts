import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareIndex, totalDifferences } from '@agentry/indexer/check';
import { EmbeddedSearchEngine } from '@agentry/platform/search/embedded/embedded-engine';
import { lastMail, tokenIn } from '../testing/mailbox';
import { type SearchOutage, withOutageSwitch } from '../testing/search-outage';
import { eventually, startTestServer, type TestServer } from '../testing/test-server';
import { ADMIN_ENV, AdminBrowser, accountForm, agentForm, Visitor } from '../testing/visitor';

// The search engine goes away while the site runs: the real app on the real embedded engine, with
// the engine's port switched to failing as an unreachable Meilisearch fails (testing/search-outage).
// Search must answer from the store, every write must succeed, and once the engine is back the
// in-process indexer must bring the index level with the store: what `npm run reindex -- --check`
// counts (indexer/src/check.ts) must be 0.

interface FoundAgent {
  id: string;
  name: string;
}

describe('when the search engine is unreachable', () => {
  let server: TestServer;
  let searchDir: string;
  let real: EmbeddedSearchEngine;
  let outage: SearchOutage;
  const visitor = () => new Visitor(server.running.url);
  const store = () => server.running.context.store;

  beforeEach(async () => {
    searchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-outage-'));
    real = await EmbeddedSearchEngine.open(path.join(searchDir, 'search.db'), { serve: true, pollMs: 10 });
    outage = withOutageSwitch(real);
    // The engine timeout is far beyond any test's: a search that waited for it could not answer.
    server = await startTestServer(ADMIN_ENV, { engine: outage.engine, searchTimeoutMs: 10 * 60_000 });
  });
  afterEach(async () => {
    outage.comeBack();
    await server.stop();
    await real.close();
    fs.rmSync(searchDir, { recursive: true, force: true });
  });

  /** A provider signed in, subscribed (so it may edit), with one listed agent. */
  async function subscribedProvider(email: string, name: string) {
    const browser = visitor();
    // Registered, then the account set up, in one browser: its verification link lists the agent.
    await browser.post('/api/agents', agentForm({ email, name })).expect(201);
    const created = await browser.post('/api/users', accountForm({ email })).expect(201);
    const mail = await lastMail(server.dataDir, email, 'verify_email');
    await browser.post('/api/auth/verify-email', { token: tokenIn(mail, '/verify-email') }).expect(200);
    await store().users.update(created.body.user_id, { subscription_status: 'active' });
    const agents = await browser.get('/api/users/agents').expect(200);
    return { browser, agentId: agents.body.agents[0].id as string };
  }

  async function search(query: string) {
    const response = await visitor()
      .get(`/api/search?query=${encodeURIComponent(query)}`)
      .expect(200);
    return {
      degraded: response.headers['x-search-degraded'] as string | undefined,
      names: (response.body as FoundAgent[]).map((agent) => agent.name),
    };
  }

  const indexLevelWithStore = async () => {
    const differences = await compareIndex(store(), real);
    return totalDifferences(differences) === 0 && differences.pendingChanges === 0;
  };

  it('answers search from the store, keeps every write, and the indexer catches up with nothing missing', async () => {
    const provider = await subscribedProvider('ada@example.com', 'Ledgerly');
    const admin = await new AdminBrowser(server.running.url).signIn();
    const tally = await admin
      .post('/api/admin/agents', { ...agentForm({ name: 'Tallybird' }), email: '' })
      .expect(201);
    const oldnote = await admin
      .post('/api/admin/agents', { ...agentForm({ name: 'Oldnote' }), email: '' })
      .expect(201);
    await eventually(indexLevelWithStore);

    outage.goDown();
    const during = await search('Ledgerly');
    expect(during).toEqual({ degraded: 'store', names: ['Ledgerly'] });
    // Readiness names the dependency that is down and keeps the instance in service (degraded);
    // a strict probe takes it out.
    await eventually(async () => {
      const ready = await visitor().get('/readyz');
      return (
        ready.status === 200 && ready.body.status === 'degraded' && ready.body.failing?.includes('search')
      );
    });
    await visitor().get('/readyz?strict=1').expect(503);

    // Every kind of write, while the engine refuses everything: a registration (by the signed-in
    // provider, listed at once), an edit, staff's edit and removal.
    await provider.browser.post('/api/agents', agentForm({ email: '', name: 'Harborlight' })).expect(201);
    await provider.browser
      .put(
        `/api/users/agents/${provider.agentId}`,
        agentForm({ email: 'ada@example.com', name: 'Ledgerwise' }),
      )
      .expect(200);
    await admin
      .put(`/api/admin/agents/${tally.body.agent.id}`, { ...agentForm({ name: 'Tallyfinch' }), email: '' })
      .expect(200);
    await admin.delete(`/api/admin/agents/${oldnote.body.agent.id}`).expect(200);

    // Written to the store and found at once by the fallback, though the index has none of it.
    expect(await search('Harborlight')).toEqual({ degraded: 'store', names: ['Harborlight'] });
    expect(await search('Ledgerwise')).toEqual({ degraded: 'store', names: ['Ledgerwise'] });
    await eventually(async () => outage.refused >= 3);
    const behind = await compareIndex(store(), real);
    expect(behind.missing).toHaveLength(1);
    expect(behind.stale).toHaveLength(2);
    expect(behind.extra).toEqual([String(oldnote.body.agent.id)]);

    outage.comeBack();
    // The indexer retries with backoff (at most 30 s apart): a short outage is caught up in seconds.
    await eventually(indexLevelWithStore, 20_000);
    expect(await compareIndex(store(), real)).toEqual({
      missing: [],
      extra: [],
      stale: [],
      pendingChanges: 0,
    });
    await eventually(async () => (await search('Harborlight')).degraded === undefined);
    // The engine answers again: each agent first for its own name (related agents may follow).
    for (const name of ['Harborlight', 'Ledgerwise', 'Tallyfinch']) {
      const found = await search(name);
      expect(found.degraded).toBeUndefined();
      expect(found.names[0]).toBe(name);
    }
    for (const gone of ['Oldnote', 'Tallybird', 'Ledgerly']) {
      expect((await search(gone)).names).not.toContain(gone);
    }
  }, 40_000);

  it('falls back at once when the engine refuses the connection, not after the engine timeout', async () => {
    await subscribedProvider('ada@example.com', 'Quickstep');
    outage.goDown();
    // A refused connection is an answer: waiting for the engine timeout (set to ten minutes here)
    // would only delay the page, and these searches could not answer within the test's time.
    for (let i = 0; i < 20; i++) {
      expect(await search('Quickstep')).toEqual({ degraded: 'store', names: ['Quickstep'] });
    }
  });
});
