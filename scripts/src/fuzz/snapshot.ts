import { createHash } from 'node:crypto';
import type { Store } from '@agentry/platform/store/port';
import type { SeededIds } from './seed';

// What the store holds, in a few fingerprints: taken before a state-changing request and again
// after it, so a request that was refused but changed something anyway is caught and named.

export type Snapshot = Record<string, string>;

const fingerprint = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

async function allAgents(store: Store) {
  const agents = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await store.agents.list({ includeRemoved: true, limit: 1000, offset });
    agents.push(...page);
    if (page.length < 1000) return agents;
  }
}

export async function takeSnapshot(store: Store, ids: SeededIds): Promise<Snapshot> {
  const [
    agents,
    agentCount,
    users,
    userCount,
    shortlists,
    sent,
    providerInbox,
    adminInbox,
    audit,
    auditCount,
    apiKeys,
  ] = await Promise.all([
    allAgents(store),
    store.agents.count({ includeRemoved: true }),
    store.users.list({ limit: 500 }),
    store.users.count(),
    store.shortlists.listForUser(ids.employerId),
    store.contacts.list({ employerId: ids.employerId }, { limit: 200 }),
    store.contacts.list({ providerId: ids.providerId }, { limit: 200 }),
    store.contacts.list({ admin: true }, { limit: 200 }),
    store.audit.list({ limit: 5 }),
    store.audit.count(),
    store.apiKeys.listForUser(ids.employerId),
  ]);
  const subscriptions = await Promise.all(
    [ids.providerId, ids.employerId].map((id) => store.billing.getSubscription(id)),
  );
  return {
    agents: `${agentCount} ${fingerprint(agents)}`,
    users: `${userCount} ${fingerprint(users)}`,
    shortlists: `${shortlists.length} ${fingerprint(shortlists)}`,
    'contact requests': fingerprint([sent, providerInbox, adminInbox]),
    audit: `${auditCount} ${fingerprint(audit)}`,
    subscriptions: fingerprint(subscriptions),
    // Not last_used_at: it is written in batches, whenever a flush comes.
    'API keys': fingerprint(apiKeys.map(({ id, name, prefix }) => [id, name, prefix])),
  };
}

/** The parts that differ, e.g. ["agents", "audit"]. */
export function changedParts(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(before).filter((key) => before[key] !== after[key]);
}
