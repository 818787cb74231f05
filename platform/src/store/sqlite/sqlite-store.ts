import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteRateLimits } from '../../rate-limit/sqlite-rate-limits';
import { guardStorageFaults } from '../guard-storage-faults';
import type { Store } from '../port';
import { withAgentTrust } from '../trust/with-agent-trust';
import { withProviderPageChanges } from '../trust/with-provider-page-changes';
import { createSqliteAdmins } from './admins';
import { createSqliteAgentStats } from './agent-stats';
import { createSqliteAgents } from './agents';
import { createSqliteApiKeys } from './api-keys';
import { createSqliteAudit } from './audit';
import { createSqliteBilling } from './billing';
import { createSqliteChanges } from './changes';
import { createSqliteContacts } from './contacts';
import { createSqliteLeases } from './leases';
import { createSqliteLinkChecks } from './link-checks';
import { createSqliteListingClaims } from './listing-claims';
import { createSqliteLogos } from './logos';
import { migrate } from './migrations';
import { PlainMatchingOffThread } from './plain-matching-off-thread';
import { createSqliteProfiles } from './profiles';
import { BUSY_TIMEOUT_MS, retryWhenBusy } from './retry-when-busy';
import { createSqliteReviews } from './reviews';
import { createSqliteSavedSearches } from './saved-searches';
import { createSqliteKv, createSqliteSessions } from './sessions';
import { createSqliteShortlists } from './shortlists';
import { sqliteStorageFault } from './storage-faults';
import { createSqliteTeams } from './team';
import { createSqliteTokens } from './tokens';
import { createSqliteToolUsage } from './tool-usage';
import { createSqliteUsers } from './users';
import { createSqliteVerifications } from './verifications';
import { CheckpointsOffThread } from './wal-checkpoints';
import { sqliteWriteProbe } from './write-probe';

export interface SqliteStoreOptions {
  /** Given the connection once open: fault tests make its disk full or read-only (PRAGMA max_page_count, query_only). */
  onOpen?: (db: Database.Database) => void;
  /**
   * The write-ahead log folded into the file by a worker thread, not by this connection's commits
   * (wal-checkpoints.ts): for the API, whose writes run on the thread that answers requests.
   */
  checkpointsOffThread?: boolean | ConstructorParameters<typeof CheckpointsOffThread>[2];
}

/**
 * The embedded store: one SQLite file in DATA_DIR (or ':memory:' for tests), WAL so that the API,
 * the indexer and the CLI can share it, migrations applied on open.
 */
export function openSqliteStore(file: string, options: SqliteStoreOptions = {}): Store {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // Migrations run once at open, before anything answers: they may wait for the lock, also while
  // another process runs one that carries data (seconds on a big store).
  db.pragma('busy_timeout = 60000');
  migrate(db);
  // From here on another connection's write (an upload's worker, the import CLI) is waited for
  // asynchronously (retryWhenBusy), never by holding this thread.
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  options.onOpen?.(db);
  const checkpoints =
    options.checkpointsOffThread && file !== ':memory:'
      ? new CheckpointsOffThread(
          db,
          file,
          options.checkpointsOffThread === true ? {} : options.checkpointsOffThread,
        )
      : null;
  const verifications = retryWhenBusy(createSqliteVerifications(db));
  const linkChecks = retryWhenBusy(createSqliteLinkChecks(db));
  const reviews = retryWhenBusy(createSqliteReviews(db));
  const logos = retryWhenBusy(createSqliteLogos(db));
  // The search fallback's scan of every agent runs on a worker thread (a file can be opened twice).
  const plainMatching = file === ':memory:' ? null : new PlainMatchingOffThread(file);
  const agents = createSqliteAgents(db, plainMatching ?? undefined);
  const plainAgents = retryWhenBusy(agents);
  const users = withProviderPageChanges(retryWhenBusy(createSqliteUsers(db)), plainAgents);
  const store: Store = {
    kind: 'sqlite',
    agents: withAgentTrust(plainAgents, { verifications, linkChecks, reviews, logos, users }),
    changes: retryWhenBusy(createSqliteChanges(db)),
    users,
    sessions: retryWhenBusy(createSqliteSessions(db)),
    tokens: retryWhenBusy(createSqliteTokens(db)),
    billing: retryWhenBusy(createSqliteBilling(db)),
    kv: retryWhenBusy(createSqliteKv(db)),
    admins: retryWhenBusy(createSqliteAdmins(db)),
    audit: retryWhenBusy(createSqliteAudit(db)),
    shortlists: retryWhenBusy(createSqliteShortlists(db)),
    contacts: retryWhenBusy(createSqliteContacts(db)),
    agentStats: retryWhenBusy(createSqliteAgentStats(db)),
    toolUsage: retryWhenBusy(createSqliteToolUsage(db)),
    apiKeys: retryWhenBusy(createSqliteApiKeys(db)),
    profiles: retryWhenBusy(createSqliteProfiles(db)),
    teams: retryWhenBusy(createSqliteTeams(db)),
    savedSearches: retryWhenBusy(createSqliteSavedSearches(db)),
    verifications,
    linkChecks,
    reviews,
    logos,
    listingClaims: retryWhenBusy(createSqliteListingClaims(db)),
    leases: retryWhenBusy(createSqliteLeases(db)),
    // Waits for the lock a second at most (not retryWhenBusy's 15 s): the limiter then counts locally.
    rateLimits: createSqliteRateLimits(db),
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      await plainMatching?.close();
      await checkpoints?.stop();
      if (!db.open) return;
      // The write-ahead log folded into the file (and emptied), so the file alone is whole. SQLite
      // does it too when the last connection closes, but another process may still hold one.
      // Best effort: with a writer busy elsewhere it checkpoints what it can.
      try {
        db.pragma('wal_checkpoint(TRUNCATE)');
      } catch {
        // SQLITE_BUSY: the next checkpoint (or the last connection's close) does it.
      }
      db.close();
    },
  };
  // A full disk or a read-only file answers writes with StoreUnavailableError (a 503), and ping
  // fails until a small write works again.
  return guardStorageFaults(store, { classify: sqliteStorageFault, probeWrite: sqliteWriteProbe(db) });
}
