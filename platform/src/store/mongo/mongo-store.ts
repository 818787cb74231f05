import { openMongoRateLimits } from '../../rate-limit/mongo-rate-limits';
import { guardStorageFaults } from '../guard-storage-faults';
import type { Store } from '../port';
import { withAgentTrust } from '../trust/with-agent-trust';
import { withProviderPageChanges } from '../trust/with-provider-page-changes';
import { createMongoAdmins } from './admins';
import { createMongoAgentStats } from './agent-stats';
import { createMongoAgents } from './agents';
import { createMongoApiKeys } from './api-keys';
import { createMongoAudit } from './audit';
import { createMongoBilling } from './billing';
import { createMongoChanges } from './changes';
import { connectMongo } from './connect';
import { createMongoContacts } from './contacts';
import { requireIndexes } from './indexes';
import { createMongoLeases } from './leases';
import { createMongoLinkChecks } from './link-checks';
import { createMongoListingClaims } from './listing-claims';
import { createMongoLogos } from './logos';
import { registerModels } from './models';
import { createMongoProfiles } from './profiles';
import { createMongoReviews } from './reviews';
import { createMongoSavedSearches } from './saved-searches';
import { createMongoKv, createMongoSessions } from './sessions';
import { createMongoShortlists } from './shortlists';
import { mongoStorageFault } from './storage-faults';
import { createMongoTeams } from './team';
import { createMongoTokens } from './tokens';
import { createMongoToolUsage } from './tool-usage';
import { createMongoUsers } from './users';
import { createMongoVerifications } from './verifications';

/**
 * The MongoDB store, on a connection of its own (never mongoose's global one, so several stores
 * and other mongoose users in the process stay apart). Agent writes use transactions, so the
 * server must be a replica set or mongos; docker-compose runs one. The database is the one the URI
 * names. Opening checks, and never builds, the collections and indexes `npm run migrate` creates
 * (indexes.ts): a database that lacks them is refused with the command to run.
 */
export async function openMongoStore(uri: string): Promise<Store> {
  const conn = await connectMongo(uri);
  try {
    const models = registerModels(conn);
    await requireIndexes(models);
    const verifications = createMongoVerifications(models);
    const linkChecks = createMongoLinkChecks(models);
    const reviews = createMongoReviews(models);
    const logos = createMongoLogos(conn, models);
    const plainAgents = createMongoAgents(conn, models);
    const users = withProviderPageChanges(createMongoUsers(models), plainAgents);
    const store: Store = {
      kind: 'mongodb',
      agents: withAgentTrust(plainAgents, { verifications, linkChecks, reviews, logos, users }),
      changes: createMongoChanges(models),
      users,
      sessions: createMongoSessions(models),
      tokens: createMongoTokens(models),
      billing: createMongoBilling(models),
      kv: createMongoKv(models),
      admins: createMongoAdmins(models),
      audit: createMongoAudit(models),
      shortlists: createMongoShortlists(models),
      contacts: createMongoContacts(conn, models),
      agentStats: createMongoAgentStats(conn, models),
      toolUsage: createMongoToolUsage(models),
      apiKeys: createMongoApiKeys(models),
      profiles: createMongoProfiles(models.profiles),
      teams: createMongoTeams(conn, models),
      savedSearches: createMongoSavedSearches(models.savedSearches, models.agents),
      verifications,
      linkChecks,
      reviews,
      logos,
      listingClaims: createMongoListingClaims(conn, models),
      leases: createMongoLeases(models),
      rateLimits: await openMongoRateLimits(conn),
      async ping() {
        const db = conn.db;
        if (!db) throw new Error('The MongoDB store is closed');
        await db.admin().ping();
      },
      async close() {
        await conn.close();
      },
    };
    // A full disk or no writable primary answers writes with StoreUnavailableError (a 503); ping
    // reports it for a few seconds after it was last seen.
    return guardStorageFaults(store, { classify: mongoStorageFault });
  } catch (error) {
    await conn.close().catch(() => undefined);
    throw error;
  }
}
