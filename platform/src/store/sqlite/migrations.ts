import type Database from 'better-sqlite3';
import { LegacyOnceCarrier } from '../legacy-once-keys';

// Schema migrations, applied in order at start inside one transaction each; PRAGMA user_version
// records how far a database has come. Never edit a shipped migration: add a new one. A migration
// is SQL, or a function for what SQL cannot do (it runs in the same transaction).

export type Migration = string | ((db: Database.Database) => void);

// Provider analytics' "once a day" as one row per audience, kind and day holding 8-byte
// digests of the agents it counted, instead of one row per counted agent (issue 24: a visitor's
// searches cost one read and one write a flush instead of one index entry per agent). The old
// rows are carried over (legacy-once-keys.ts), so nobody counts again today what they counted
// before the upgrade; the counts themselves (agent_stats) are not touched. A rowid table: a
// busy audience's row holds up to 8 KB.
export function onceCountsPerAudience(db: Database.Database): void {
  db.exec(`
    CREATE TABLE agent_stats_seen (
      tally TEXT NOT NULL UNIQUE,
      n INTEGER NOT NULL,
      digests BLOB NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE INDEX agent_stats_seen_expiry ON agent_stats_seen (expires_at);
  `);
  const page = db.prepare<[string, number], { key: string; n: number; expires_at: number }>(
    'SELECT key, n, expires_at FROM agent_stats_once WHERE key > ? ORDER BY key LIMIT ?',
  );
  const insert = db.prepare(
    'INSERT INTO agent_stats_seen (tally, n, digests, expires_at) VALUES (?, ?, ?, ?)',
  );
  const carrier = new LegacyOnceCarrier(({ tally, n, digests, expires_at }) =>
    insert.run(tally, n, digests, expires_at),
  );
  // A page at a time (an open iterator would keep the inserts waiting), in key order.
  for (let after = ''; ; ) {
    const rows = page.all(after, 5_000);
    for (const row of rows) carrier.push(row);
    if (rows.length < 5_000) break;
    after = rows[rows.length - 1]!.key;
  }
  carrier.end();
  db.exec('DROP TABLE agent_stats_once');
}

export const MIGRATIONS: Migration[] = [
  `
  CREATE TABLE agents (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    provider TEXT NOT NULL,
    category TEXT NOT NULL,
    role TEXT NOT NULL,
    description TEXT NOT NULL,
    cost TEXT NOT NULL,
    address TEXT NOT NULL,
    email TEXT,
    status TEXT,
    removed INTEGER NOT NULL DEFAULT 0 CHECK (removed IN (0, 1)),
    owner_id TEXT,
    pricing TEXT NOT NULL,
    price_monthly REAL,
    identity_key TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX agents_listing ON agents (removed, category COLLATE NOCASE, role COLLATE NOCASE, name COLLATE NOCASE);
  CREATE INDEX agents_owner ON agents (owner_id) WHERE owner_id IS NOT NULL;

  CREATE TABLE agent_changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    agent_id TEXT NOT NULL,
    op TEXT NOT NULL CHECK (op IN ('upsert', 'delete')),
    at TEXT NOT NULL
  );

  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    full_name TEXT NOT NULL,
    organization TEXT NOT NULL,
    phone TEXT,
    user_type TEXT NOT NULL CHECK (user_type IN ('agent_provider', 'employer')),
    password_hash TEXT NOT NULL,
    subscription_status TEXT NOT NULL DEFAULT 'inactive',
    stripe_customer_id TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE sessions (
    sid TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_expiry ON sessions (expires_at);

  CREATE TABLE kv (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  // 2: accounts (issue #9): verified e-mail, provider page and site on users; the user a session
  // belongs to; single-use link tokens; subscriptions and the payment events already handled.
  `
  ALTER TABLE users ADD COLUMN email_verified_at TEXT;
  ALTER TABLE users ADD COLUMN slug TEXT;
  ALTER TABLE users ADD COLUMN website TEXT;
  CREATE UNIQUE INDEX users_slug ON users (slug) WHERE slug IS NOT NULL;
  CREATE INDEX users_stripe_customer ON users (stripe_customer_id) WHERE stripe_customer_id IS NOT NULL;

  -- Registration and the claim look agents up by e-mail without regard to case.
  CREATE INDEX agents_email ON agents (email COLLATE NOCASE) WHERE email IS NOT NULL;

  ALTER TABLE sessions ADD COLUMN user_id TEXT;
  CREATE INDEX sessions_user ON sessions (user_id) WHERE user_id IS NOT NULL;

  CREATE TABLE one_time_tokens (
    token_hash TEXT PRIMARY KEY,
    purpose TEXT NOT NULL CHECK (purpose IN ('verify_email', 'reset_password', 'change_email')),
    user_id TEXT NOT NULL,
    data TEXT,
    expires_at INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX one_time_tokens_user ON one_time_tokens (user_id, purpose);
  CREATE INDEX one_time_tokens_expiry ON one_time_tokens (expires_at);

  CREATE TABLE subscriptions (
    user_id TEXT PRIMARY KEY,
    plan TEXT NOT NULL CHECK (plan IN ('agent_provider', 'employer')),
    provider TEXT NOT NULL CHECK (provider IN ('test', 'stripe')),
    subscription_id TEXT NOT NULL,
    customer_id TEXT NOT NULL,
    status TEXT NOT NULL,
    cancel_at_period_end INTEGER NOT NULL CHECK (cancel_at_period_end IN (0, 1)),
    current_period_start INTEGER NOT NULL,
    current_period_end INTEGER NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX subscriptions_subscription_id ON subscriptions (subscription_id);
  CREATE INDEX subscriptions_period_end ON subscriptions (current_period_end);

  CREATE TABLE payment_events (
    event_id TEXT PRIMARY KEY,
    type TEXT NOT NULL,
    received_at TEXT NOT NULL
  );
  `,
  // 3: the purge of old payment event ids reads them by time.
  `
  CREATE INDEX payment_events_received ON payment_events (received_at);
  `,
  // 4: countBy() groups categories and roles exactly (binary), which agents_listing (ordered
  // without regard to case) cannot give in order: without this index every count of the directory
  // overview sorted the whole catalog's values in a temporary tree (16 ms at 100,000 agents, 8 with it).
  `
  CREATE INDEX agents_groups ON agents (removed, category, role);
  `,
  // 5: the admin area: staff accounts, the audit log of their changes, and the dashboard's
  // "created per week" charts (read by creation time, newest weeks only).
  `
  -- AUTOINCREMENT: an id is never given again after its account is deleted, so a session that
  -- outlived its account cannot name the next account created.
  CREATE TABLE admins (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL
  );

  CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    entity_type TEXT NOT NULL,
    entity_id TEXT,
    entity_label TEXT NOT NULL,
    before TEXT,
    after TEXT
  );
  CREATE INDEX audit_entity ON audit_log (entity_type, entity_id);
  CREATE INDEX audit_actor ON audit_log (actor);
  CREATE INDEX audit_action ON audit_log (action);

  CREATE INDEX agents_created ON agents (created_at);
  -- The admin list shows removed agents too, in the listing's order: agents_listing starts with
  -- removed and cannot give that order (a deep page sorted the whole table: 300 ms at 100,000).
  CREATE INDEX agents_admin_listing ON agents (category COLLATE NOCASE, role COLLATE NOCASE, name COLLATE NOCASE);
  CREATE INDEX users_created ON users (created_at);
  `,
  // 6: employer tools (shortlists, contact and demo requests) and provider analytics (counts per
  // agent and week, never who caused them).
  `
  CREATE TABLE shortlists (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (user_id, name)
  );
  CREATE TABLE shortlist_items (
    shortlist_id INTEGER NOT NULL REFERENCES shortlists (id) ON DELETE CASCADE,
    agent_id TEXT NOT NULL,
    added_seq INTEGER NOT NULL,
    PRIMARY KEY (shortlist_id, agent_id)
  );

  CREATE TABLE contact_requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    agent_id TEXT NOT NULL,
    agent_name TEXT NOT NULL,
    employer_id TEXT NOT NULL,
    provider_id TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('contact', 'demo')),
    message TEXT NOT NULL,
    preferred_times TEXT,
    company TEXT NOT NULL,
    contact_name TEXT NOT NULL,
    contact_email TEXT NOT NULL,
    contact_phone TEXT,
    status TEXT NOT NULL CHECK (status IN ('new', 'replied', 'closed')),
    replies TEXT NOT NULL DEFAULT '[]',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX contact_provider ON contact_requests (provider_id, status, id);
  CREATE INDEX contact_employer ON contact_requests (employer_id, id);

  CREATE TABLE agent_stats (
    agent_id TEXT NOT NULL,
    week TEXT NOT NULL,
    appeared INTEGER NOT NULL DEFAULT 0,
    opened INTEGER NOT NULL DEFAULT 0,
    clicked INTEGER NOT NULL DEFAULT 0,
    compared INTEGER NOT NULL DEFAULT 0,
    contacted INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (agent_id, week)
  ) WITHOUT ROWID;
  `,
  // 7: calls per MCP tool and ISO week (never who called).
  `
  CREATE TABLE tool_usage (
    week TEXT NOT NULL,
    tool TEXT NOT NULL,
    calls INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (week, tool)
  ) WITHOUT ROWID;
  `,
  // 8: rate-limit windows shared by every API process (platform/src/rate-limit/); keys are hashes.
  `
  CREATE TABLE rate_limit_windows (
    key TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    reset_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX rate_limit_windows_reset ON rate_limit_windows (reset_at);
  `,
  // 9: staff two-factor sign-in: the encrypted TOTP secret, the last step accepted, and the
  // SHA-256 hashes of the unused recovery codes (a JSON array).
  `
  ALTER TABLE admins ADD COLUMN totp_secret TEXT;
  ALTER TABLE admins ADD COLUMN totp_last_step INTEGER;
  ALTER TABLE admins ADD COLUMN recovery_codes TEXT NOT NULL DEFAULT '[]';
  `,
  // 10: employers' API keys: the SHA-256 of each key (never the key) and its first characters.
  `
  CREATE TABLE api_keys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    prefix TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    last_used_at TEXT
  );
  CREATE INDEX api_keys_user ON api_keys (user_id, id);
  `,
  // 11: ownership by the link that was sent for it (issue 21): an agent can be held (not listed)
  // for staff review or for its address's claim; a link records the agents it hands over, and a
  // claim link (claim_agent) is a purpose of its own; a "this is my product" report reaches the
  // admin inbox as a request of its own kind. The CHECKs of migrations 2 and 6 refuse the new
  // values, so those two tables are rebuilt with their rows (ids and AUTOINCREMENT kept).
  `
  ALTER TABLE agents ADD COLUMN held_for TEXT CHECK (held_for IN ('review', 'claim'));
  CREATE INDEX agents_held ON agents (held_for, created_at) WHERE held_for IS NOT NULL;

  CREATE TABLE one_time_tokens_11 (
    token_hash TEXT PRIMARY KEY,
    purpose TEXT NOT NULL CHECK (purpose IN ('verify_email', 'reset_password', 'change_email', 'claim_agent')),
    user_id TEXT NOT NULL,
    data TEXT,
    agent_ids TEXT NOT NULL DEFAULT '[]',
    expires_at INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );
  INSERT INTO one_time_tokens_11 (token_hash, purpose, user_id, data, expires_at, created_at)
    SELECT token_hash, purpose, user_id, data, expires_at, created_at FROM one_time_tokens;
  DROP TABLE one_time_tokens;
  ALTER TABLE one_time_tokens_11 RENAME TO one_time_tokens;
  CREATE INDEX one_time_tokens_user ON one_time_tokens (user_id, purpose);
  CREATE INDEX one_time_tokens_expiry ON one_time_tokens (expires_at);

  CREATE TABLE contact_requests_11 (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    agent_id TEXT NOT NULL,
    agent_name TEXT NOT NULL,
    employer_id TEXT NOT NULL,
    provider_id TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('contact', 'demo', 'ownership')),
    message TEXT NOT NULL,
    preferred_times TEXT,
    company TEXT NOT NULL,
    contact_name TEXT NOT NULL,
    contact_email TEXT NOT NULL,
    contact_phone TEXT,
    status TEXT NOT NULL CHECK (status IN ('new', 'replied', 'closed')),
    replies TEXT NOT NULL DEFAULT '[]',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  INSERT INTO contact_requests_11 SELECT * FROM contact_requests;
  DROP TABLE contact_requests;
  ALTER TABLE contact_requests_11 RENAME TO contact_requests;
  CREATE INDEX contact_provider ON contact_requests (provider_id, status, id);
  CREATE INDEX contact_employer ON contact_requests (employer_id, id);
  `,
  // 12: provider analytics counted once per audience, agent, kind and day across every API process
  // (issue 21, finding 3): the keyed hash of each count that happened, and each audience's tally of
  // the day, one row each (n is 1 for a count's key), forgotten after expires_at (epoch ms).
  `
  CREATE TABLE agent_stats_once (
    key TEXT PRIMARY KEY,
    n INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX agent_stats_once_expiry ON agent_stats_once (expires_at);
  `,
  // 13: trust (issue 26): providers' domains and their proofs, the link checker's record per agent,
  // reviews and their reports, listings claimed by domain proof, and leases for background jobs.
  `
  CREATE TABLE domain_verifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    domain TEXT NOT NULL,
    token TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'verified', 'lapsed')),
    method TEXT CHECK (method IN ('dns', 'file', 'meta')),
    verified_at TEXT,
    checked_at TEXT,
    next_check_at TEXT,
    failures INTEGER NOT NULL DEFAULT 0,
    lapsed_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (user_id, domain)
  );
  -- The badges: the verified domains of a page of agents' owners.
  CREATE INDEX domain_verifications_verified ON domain_verifications (user_id, domain) WHERE status = 'verified';
  CREATE INDEX domain_verifications_due ON domain_verifications (next_check_at) WHERE status = 'verified';
  CREATE INDEX domain_verifications_status ON domain_verifications (status, lapsed_at, id);

  CREATE TABLE link_checks (
    agent_id TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('up', 'down', 'unknown', 'unchecked')),
    state_since TEXT,
    outcome TEXT NOT NULL,
    http_status INTEGER,
    final_url TEXT,
    detail TEXT,
    checked_at TEXT NOT NULL,
    failures INTEGER NOT NULL DEFAULT 0,
    first_failure_at TEXT,
    notified_at TEXT,
    retry_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX link_checks_retry ON link_checks (retry_at) WHERE retry_at IS NOT NULL;
  CREATE INDEX link_checks_state ON link_checks (state, state_since, agent_id);

  CREATE TABLE reviews (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    agent_id TEXT NOT NULL,
    org_key TEXT NOT NULL,
    author_id TEXT NOT NULL,
    organization TEXT NOT NULL,
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    body TEXT NOT NULL,
    hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
    moderation_reason TEXT,
    moderated_at TEXT,
    reply_body TEXT,
    reply_at TEXT,
    open_reports INTEGER NOT NULL DEFAULT 0,
    first_open_report_at TEXT,
    last_reported_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (agent_id, org_key)
  );
  -- An agent's readable reviews, newest first, and their count and sum (covering).
  CREATE INDEX reviews_agent ON reviews (agent_id, hidden, id, rating);
  CREATE INDEX reviews_reported ON reviews (first_open_report_at, id) WHERE open_reports > 0;
  CREATE INDEX reviews_hidden ON reviews (moderated_at, id) WHERE hidden = 1;

  CREATE TABLE review_reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    review_id TEXT NOT NULL,
    reason TEXT NOT NULL,
    created_at TEXT NOT NULL,
    resolved_at TEXT
  );
  CREATE INDEX review_reports_review ON review_reports (review_id, id);

  CREATE TABLE listing_claims (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    agent_id TEXT NOT NULL,
    agent_name TEXT NOT NULL,
    domain TEXT NOT NULL,
    from_owner_id TEXT,
    to_owner_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    reversed_at TEXT,
    reversed_by TEXT,
    reverse_reason TEXT
  );
  CREATE INDEX listing_claims_agent ON listing_claims (agent_id);

  CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    until INTEGER NOT NULL
  ) WITHOUT ROWID;

  -- The public signals: a week's most compared and most viewed agents.
  CREATE INDEX agent_stats_week_compared ON agent_stats (week, compared DESC, agent_id);
  CREATE INDEX agent_stats_week_opened ON agent_stats (week, opened DESC, agent_id);
  `,
  // 14: structured agent profiles (issue 28), one JSON text per agent.
  `
  CREATE TABLE agent_profiles (
    agent_id TEXT PRIMARY KEY,
    profile TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
  // 15: employer teams (issue 28): an organisation per subscriber, its members (one organisation a
  // user at most), invitations by a hash of the link's secret; who added each shortlist item and
  // made each list (null for what came before).
  `
  CREATE TABLE organizations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE organization_members (
    user_id TEXT PRIMARY KEY,
    organization_id INTEGER NOT NULL REFERENCES organizations (id),
    joined_at TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX organization_members_org ON organization_members (organization_id, joined_at);
  CREATE TABLE organization_invitations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organization_id INTEGER NOT NULL REFERENCES organizations (id),
    email TEXT NOT NULL,
    invited_by TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    expires_at TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX organization_invitations_org ON organization_invitations (organization_id, email);

  ALTER TABLE shortlists ADD COLUMN created_by TEXT;
  ALTER TABLE shortlist_items ADD COLUMN added_by TEXT;
  ALTER TABLE shortlist_items ADD COLUMN added_at TEXT;
  `,
  // 16: saved searches and their digests (issue 28, item 3); agents by last change, for digests.
  `
  CREATE TABLE saved_searches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id TEXT NOT NULL,
    created_by TEXT NOT NULL,
    name TEXT NOT NULL,
    search TEXT NOT NULL,
    alert TEXT NOT NULL CHECK (alert IN ('off', 'daily', 'weekly')),
    last_digest_at TEXT NOT NULL,
    next_digest_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX saved_searches_owner ON saved_searches (owner_id, id);
  CREATE INDEX saved_searches_due ON saved_searches (next_digest_at, id) WHERE next_digest_at IS NOT NULL;
  CREATE INDEX agents_changed ON agents (updated_at, id) WHERE removed = 0;
  `,
  // 17: where a request stands for its employer (issue 28, item 5); a provider's newest requests
  // whatever their status, for reply times (contact_provider puts the status before the id).
  `
  ALTER TABLE contact_requests ADD COLUMN outcome TEXT
    CHECK (outcome IS NULL OR outcome IN ('talking', 'trial', 'hired', 'not_a_fit'));
  ALTER TABLE contact_requests ADD COLUMN outcome_at TEXT;
  CREATE INDEX contact_provider_newest ON contact_requests (provider_id, id);
  `,
  // 18: agents by provider spelling (issue 25): staff's likely duplicates count the spellings in
  // index order (a page of 5,000 groups without reading the table), and a merge's batch finds one
  // spelling's agents in id order (the rowid is the index's last column).
  `
  CREATE INDEX agents_provider ON agents (provider);
  `,
  // 19: the listing's groups version (AgentRepository.groupsVersion, issue 21/24): moves only when
  // an agent enters or leaves the listing or a listed agent's category or role changes, so the
  // categories, roles and counts cached per version outlive edits that cannot change them (they
  // were read again after every change: 7 % of a worker under the whole-product mix). Triggers,
  // so that every writer moves it (this process, the upload's worker thread, another process).
  `
  CREATE TABLE agent_groups_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
  INSERT INTO agent_groups_version (id, version) VALUES (1, 0);
  CREATE TRIGGER agents_groups_insert AFTER INSERT ON agents WHEN NEW.removed = 0
  BEGIN UPDATE agent_groups_version SET version = version + 1 WHERE id = 1; END;
  CREATE TRIGGER agents_groups_delete AFTER DELETE ON agents WHEN OLD.removed = 0
  BEGIN UPDATE agent_groups_version SET version = version + 1 WHERE id = 1; END;
  CREATE TRIGGER agents_groups_update AFTER UPDATE OF removed, category, role ON agents
  WHEN OLD.removed IS NOT NEW.removed
    OR (NEW.removed = 0 AND (OLD.category IS NOT NEW.category OR OLD.role IS NOT NEW.role))
  BEGIN UPDATE agent_groups_version SET version = version + 1 WHERE id = 1; END;
  `,
  // 20: agent logos (issue 25): each picture once under the SHA-256 of its bytes, and which one
  // each agent shows (its site's icon, or its provider's upload); agent_logos_hash finds whether any
  // agent still shows a picture before it is deleted.
  `
  CREATE TABLE logos (
    hash TEXT PRIMARY KEY,
    content_type TEXT NOT NULL,
    bytes BLOB NOT NULL
  );
  CREATE TABLE agent_logos (
    agent_id TEXT PRIMARY KEY,
    hash TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('site', 'upload')),
    updated_at TEXT NOT NULL
  );
  CREATE INDEX agent_logos_hash ON agent_logos (hash);
  `,
  // 21: provider analytics' once-a-day rows, one per audience, kind and day (above).
  onceCountsPerAudience,
  // 22: one owner's agents in the listing's order (issue 25: the provider page a page at a time):
  // a page of a provider's listed agents walks its own entries only, sorting nothing, however many
  // agents the provider has; it also serves every other read by owner, so agents_owner goes.
  `
  CREATE INDEX agents_owner_listing ON agents
    (owner_id, removed, category COLLATE NOCASE, role COLLATE NOCASE, name COLLATE NOCASE)
    WHERE owner_id IS NOT NULL;
  DROP INDEX agents_owner;
  `,
  // 23: the checkouts this server opened (for whom, which plan): the success page's verification
  // answers only for these, without asking the payment provider about ids it never made; purged
  // by age (checkouts_created).
  `
  CREATE TABLE checkouts (
    checkout_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    plan TEXT NOT NULL CHECK (plan IN ('agent_provider', 'employer')),
    provider TEXT NOT NULL CHECK (provider IN ('test', 'stripe')),
    created_at TEXT NOT NULL
  );
  CREATE INDEX checkouts_created ON checkouts (created_at);
  `,
];

/**
 * Brings `db` up to version `upTo` (all of MIGRATIONS by default; a lower one for tests of a
 * migration). Each migration runs in a transaction that takes the write lock first and reads the
 * version again under it: the API's first worker and the indexer open the file at the same time,
 * and one that read the old version before the other migrated would otherwise run the migration
 * again (a carrying migration takes seconds on a big store: 1.4 s of CPU for 414,000 old analytics
 * rows).
 */
export function migrate(db: Database.Database, upTo = MIGRATIONS.length): number {
  if ((db.pragma('user_version', { simple: true }) as number) >= upTo) return MIGRATIONS.length;
  const step = db.transaction((): boolean => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version >= upTo) return false;
    const migration = MIGRATIONS[version]!;
    if (typeof migration === 'string') db.exec(migration);
    else migration(db);
    db.pragma(`user_version = ${version + 1}`);
    return true;
  });
  while (step.immediate()) {}
  return MIGRATIONS.length;
}
