import { agentIdentityKey } from '@agentry/domain/agent';
import { mapColumns } from '@agentry/platform/import/map-columns';
import type { Store } from '@agentry/platform/store/port';
import demoCatalog from './demo-catalog.json';

// The demo catalog fills an empty directory on a first `npm start` (seed-demo.ts). Once a real
// catalog is imported beside it, its 100 invented agents with "Use agent" buttons to `.example`
// sites are clutter among real listings (issue 25), so `npm run import` takes them off the
// directory unless asked to keep them (`--keep-demo`). They are marked removed, not deleted: staff
// can list them again, and the store still knows the store was used (no reseed at the next start).

/** The identity (name + provider) of every demo agent. */
const DEMO_IDENTITIES = new Map(demoCatalog.map((row) => [agentIdentityKey(row.name, row.provider), row]));

/** How many agents the demo catalog has. */
export const DEMO_CATALOG_SIZE = DEMO_IDENTITIES.size;

/** Is this agent one of the demo catalog's, by name and provider? */
export function isDemoIdentity(name: string, provider: string): boolean {
  return DEMO_IDENTITIES.has(agentIdentityKey(name, provider));
}

/**
 * Marks removed the listed demo agents that nobody owns, except those the imported rows name
 * themselves (a file that carries them asks for them). Answers how many were taken off.
 */
export async function retireDemoCatalog(
  store: Pick<Store, 'agents'>,
  importedRows: readonly Record<string, unknown>[] = [],
): Promise<number> {
  const named = new Set<string>();
  for (const row of importedRows) {
    const { name, provider } = mapColumns(row);
    if (typeof name === 'string' && typeof provider === 'string') {
      const key = agentIdentityKey(name, provider);
      if (DEMO_IDENTITIES.has(key)) named.add(key);
    }
  }
  let retired = 0;
  for (const [key, row] of DEMO_IDENTITIES) {
    if (named.has(key)) continue;
    const agent = await store.agents.findByIdentity(row.name, row.provider);
    if (!agent || agent.removed || agent.owner_id) continue;
    await store.agents.update(agent.id, { removed: true });
    retired++;
  }
  return retired;
}
