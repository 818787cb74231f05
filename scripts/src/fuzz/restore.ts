import { readReindexJob } from '@agentry/server/commands/admin/reindex-job';
import { heldAgentInput } from './seed';
import type { World } from './world';

// After a request the app accepted, puts back what it took away, so later requests still get past
// sign-in and ownership to the validation: sessions (a sign-out, or a session now signed in as a
// new account), subscriptions, the seeded agents and the shortlist.

/** How long a started reindex may take before the run stops waiting for it. */
const REINDEX_WAIT_MS = 60_000;

/**
 * Waits for a reindex an accepted request started: it records its outcome in the audit log when
 * it ends, which must not be taken for the doing of whatever request comes next.
 */
async function reindexDone(world: World): Promise<void> {
  const started = Date.now();
  for (;;) {
    const job = await readReindexJob(world.store);
    if (!job) return;
    if (job.state !== 'running' && (await world.store.audit.count({ entity_id: job.id })) > 0) return;
    if (Date.now() - started > REINDEX_WAIT_MS) throw new Error('a reindex did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function restoreWorld(world: World): Promise<void> {
  const { store, ids, callers } = world;
  await reindexDone(world);
  await world.startSession('visitor');
  for (const name of ['provider', 'employer'] as const) {
    const me = await world.json(name, 'GET', '/api/auth/me');
    const signedInAs = (me.json as { user?: { id?: string } } | undefined)?.user?.id;
    if (signedInAs !== callers[name].userId) await world.signInUser(name);
    const user = await store.users.findById(callers[name].userId!);
    if (user && (user.subscription_status !== 'active' || !user.email_verified_at)) {
      await store.users.update(user.id, {
        subscription_status: 'active',
        email_verified_at: new Date().toISOString(),
      });
    }
  }
  const adminMe = await world.json('admin', 'GET', '/api/admin/me');
  if (adminMe.status !== 200) await world.signInAdmin();
  else callers.admin.token = (adminMe.json as { csrf_token: string }).csrf_token;
  for (const id of [...ids.ownAgents, ids.unownedAgent]) {
    if ((await store.agents.get(id))?.removed) await store.agents.update(id, { removed: false });
  }
  // Keys an accepted request made are revoked (an employer holds 10 at most); the one to revoke is made again.
  const keys = await store.apiKeys.listForUser(ids.employerId);
  for (const key of keys) {
    if (key.id !== ids.apiKey && key.id !== ids.holderKey) await store.apiKeys.revoke(key.id, ids.employerId);
  }
  if (!keys.some((key) => key.id === ids.apiKey)) {
    const made = await world.call('employer', 'POST', '/api/employer/api-keys', { name: 'To revoke' });
    ids.apiKey = made.api_key.id;
  }
  // Staff approved or rejected it: back in the review queue, or a new one there.
  const held = await store.agents.get(ids.heldAgent);
  if (held && held.held_for !== 'review') await store.agents.update(held.id, { held_for: 'review' });
  if (!held) ids.heldAgent = (await store.agents.create(heldAgentInput(`HeldHeron ${Date.now()}`))).id;
  // A saved search an accepted DELETE took away: made again (the fuzzer's PUT and DELETE need one).
  if (!(await store.savedSearches.get(ids.savedSearch, ids.employerId))) {
    const made = await world.call('employer', 'POST', '/api/employer/saved-searches', {
      name: `Spanish support ${Date.now()}`,
      search: { query: 'answer emails in spanish' },
    });
    ids.savedSearch = made.saved_search.id;
  }
  // Accepted creations would reach the cap: the oldest go first.
  const others = (await store.savedSearches.listForOwner(ids.employerId, 100)).filter(
    (search) => search.id !== ids.savedSearch,
  );
  for (const search of others.slice(10)) await store.savedSearches.delete(search.id, ids.employerId);
  if (!(await store.shortlists.get(ids.shortlist, ids.employerId))) {
    const created = await store.shortlists.create(ids.employerId, `Finance ${Date.now()}`);
    await store.shortlists.addAgent(created.id, ids.employerId, ids.ownAgents[1]!);
    ids.shortlist = created.id;
  }
}
