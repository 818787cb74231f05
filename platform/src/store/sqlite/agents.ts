import { type Agent, agentIdentityKey, type Pricing } from '@agentry/domain/agent';
import type Database from 'better-sqlite3';
import {
  AGENT_RECORD_FIELDS,
  deriveAgentFields,
  listPage,
  newAgentColumns,
  patchKeys,
  settleHold,
} from '../agent-record';
import { queryTokens, rankBasic } from '../basic-search';
import {
  type AgentCreate,
  type AgentFilter,
  type AgentGroupCount,
  type AgentListOptions,
  type AgentPatch,
  type AgentRepository,
  type ChangeOp,
  CLAIM_AGENTS_MAX,
  DuplicateAgentError,
  type ImportOutcome,
  PROVIDER_COUNT_MAX,
  PROVIDER_MOVE_MAX,
  type ProviderCount,
  type ProviderMoveBatch,
} from '../port';
import { createdPerDay } from './created-per-day';
import { preparedOnce } from './prepared-once';

/** A row as SQLite gives it back: the record's fields, with an integer id and a 0/1 flag. */
export type AgentRow = Omit<Agent, 'id' | 'removed' | 'pricing'> & {
  id: number;
  removed: number;
  pricing: string;
};

export const COLUMNS = ['id', ...AGENT_RECORD_FIELDS].join(', ');
/** What a write sets: the record's fields and the identity key, which no read returns. */
const WRITTEN = [...AGENT_RECORD_FIELDS, 'identity_key'] as const;
const ORDER = 'ORDER BY category COLLATE NOCASE, role COLLATE NOCASE, name COLLATE NOCASE, id';

export function toAgent(row: AgentRow): Agent {
  return { ...row, id: String(row.id), removed: row.removed === 1, pricing: row.pricing as Pricing };
}

/** The WHERE clause shared by list() and count(). */
/**
 * The WHERE clause of a filter, and the index to read when the filter names one owner or one
 * e-mail. Without the hint SQLite walks agents_listing to get the ORDER BY for free and tests every
 * listed agent for the owner: 120 ms at 100,000 agents for a provider's dashboard (seen by the load
 * benchmark as a third of the API's CPU), against 0.2 ms through agents_owner and a small sort.
 */
function filterClause(options: AgentFilter): { clause: string; params: unknown[]; from: string } {
  const where: string[] = [];
  const params: unknown[] = [];
  // Held agents are removed: asking for them asks for removed ones.
  if (!options.includeRemoved && options.heldFor === undefined) where.push('removed = 0');
  if (options.heldFor !== undefined) {
    where.push('held_for = ?');
    params.push(options.heldFor);
  }
  if (options.category !== undefined) {
    where.push('category = ? COLLATE NOCASE');
    params.push(options.category);
  }
  if (options.role !== undefined) {
    where.push('role = ? COLLATE NOCASE');
    params.push(options.role);
  }
  if (options.ownerId !== undefined) {
    where.push('owner_id = ?');
    params.push(options.ownerId);
  }
  if (options.email !== undefined) {
    where.push('email = ? COLLATE NOCASE');
    params.push(options.email.trim());
  }
  if (options.unowned) where.push('owner_id IS NULL');
  if (options.nameContains !== undefined) {
    // LIKE folds ASCII case, as the listing's NOCASE does; the escape makes % and _ literal.
    where.push("name LIKE ? ESCAPE '\\'");
    params.push(`%${options.nameContains.replace(/[\\%_]/g, '\\$&')}%`);
  }
  const from =
    options.ownerId !== undefined
      ? 'agents INDEXED BY agents_owner'
      : options.email !== undefined
        ? 'agents INDEXED BY agents_email'
        : 'agents';
  return { clause: where.length > 0 ? `WHERE ${where.join(' AND ')}` : '', params, from };
}

/** SQLite ids are integers; anything else names no agent. */
function rowId(id: string): number | null {
  return /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null;
}

/**
 * Checks the code, not `instanceof Error`: better-sqlite3's native side keeps the error class of
 * whichever context loaded it first, so under jest (one context per test file) instanceof lies.
 */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/** `plainMatching`: where searchBasic runs (off this thread for a file-based store); here when absent. */
export function createSqliteAgents(
  db: Database.Database,
  plainMatching?: (query: string, limit: number) => Promise<Agent[]>,
): AgentRepository {
  const prepared = preparedOnce(db);
  const insert = db.prepare(
    `INSERT INTO agents (${WRITTEN.join(', ')}) VALUES (${WRITTEN.map((column) => `@${column}`).join(', ')})`,
  );
  // A row whose identity key exists is skipped, not failed: re-importing a file adds nothing twice.
  const insertIfNew = db.prepare(insert.source.replace('INSERT INTO', 'INSERT OR IGNORE INTO'));
  const update = db.prepare(
    `UPDATE agents SET ${WRITTEN.filter((column) => column !== 'created_at')
      .map((column) => `${column} = @${column}`)
      .join(', ')}
     WHERE id = @id`,
  );
  // Listed or held for a claim, never removed for another reason: a link cannot bring back what
  // its provider deleted or staff removed. A held agent is listed by its claim.
  const claim = db.prepare(
    `UPDATE agents SET owner_id = @ownerId, removed = 0, held_for = NULL, updated_at = @now
     WHERE id IN (SELECT value FROM json_each(@ids)) AND email = @email COLLATE NOCASE
       AND owner_id IS NULL AND (removed = 0 OR held_for = 'claim')
     RETURNING id`,
  );
  const discard = db.prepare(
    'DELETE FROM agents WHERE id = ? AND held_for = ? AND owner_id IS NULL RETURNING ' + COLUMNS,
  );
  const lapsed = db.prepare(
    `SELECT id FROM agents INDEXED BY agents_held
     WHERE held_for = 'claim' AND owner_id IS NULL AND created_at < ? ORDER BY created_at LIMIT ?`,
  );
  const deleteById = db.prepare('DELETE FROM agents WHERE id = ?');
  const recordChange = db.prepare('INSERT INTO agent_changes (agent_id, op, at) VALUES (?, ?, ?)');
  const byId = db.prepare(`SELECT ${COLUMNS} FROM agents WHERE id = ?`);
  const byIdentity = db.prepare(`SELECT ${COLUMNS} FROM agents WHERE identity_key = ?`);
  const changeFor = (id: number | bigint, op: ChangeOp, at: string) => recordChange.run(String(id), op, at);
  // Moved by the triggers of migration 19, whichever connection writes the agents.
  const groupsVersion = db.prepare<[], { version: number }>(
    'SELECT version FROM agent_groups_version WHERE id = 1',
  );

  const createTx = db.transaction((input: AgentCreate) => {
    const now = new Date().toISOString();
    const columns = newAgentColumns(input, now);
    const { lastInsertRowid } = insert.run({ ...columns, removed: columns.removed ? 1 : 0 });
    changeFor(lastInsertRowid, columns.removed ? 'delete' : 'upsert', now);
    return byId.get(lastInsertRowid) as AgentRow;
  });

  const claimTx = db.transaction((ids: number[], email: string, ownerId: string) => {
    const now = new Date().toISOString();
    const claimed = claim.all({ ids: JSON.stringify(ids), email: email.trim(), ownerId, now }) as Array<{
      id: number;
    }>;
    for (const row of claimed) changeFor(row.id, 'upsert', now);
    return claimed.map((row) => String(row.id));
  });

  const discardTx = db.transaction((id: number, hold: string) => {
    const row = discard.get(id, hold) as AgentRow | undefined;
    if (row) changeFor(id, 'delete', new Date().toISOString());
    return row;
  });

  const discardLapsedTx = db.transaction((before: string, limit: number) => {
    const now = new Date().toISOString();
    const rows = lapsed.all(before, limit) as Array<{ id: number }>;
    for (const row of rows) {
      deleteById.run(row.id);
      changeFor(row.id, 'delete', now);
    }
    return rows.length;
  });

  const touch = db.prepare('UPDATE agents SET updated_at = @now WHERE id = @id RETURNING id, removed');
  const touchTx = db.transaction((ids: number[]) => {
    const now = new Date().toISOString();
    let touched = 0;
    for (const id of ids) {
      const row = touch.get({ id, now }) as { id: number; removed: number } | undefined;
      if (!row) continue;
      changeFor(row.id, row.removed === 1 ? 'delete' : 'upsert', now);
      touched += 1;
    }
    return touched;
  });

  // A provider merge's batch (issue 25): the provider and identity key change, nothing else; an
  // agent whose new identity is taken by another stays where it is.
  // Prepared per batch (a merge is rare), through agents_provider (provider, then the rowid).
  const underProvider = () =>
    db.prepare(
      'SELECT id, name, removed FROM agents INDEXED BY agents_provider WHERE provider = ? AND id > ? ORDER BY id LIMIT ?',
    );
  const identityOwner = db.prepare('SELECT id FROM agents WHERE identity_key = ?');
  const setProvider = db.prepare(
    'UPDATE agents SET provider = @provider, identity_key = @identity_key, updated_at = @now WHERE id = @id',
  );
  const moveTx = db.transaction((from: string, into: string, after: number, limit: number) => {
    const now = new Date().toISOString();
    const rows = underProvider().all(from, after, limit) as Array<{
      id: number;
      name: string;
      removed: number;
    }>;
    const batch: ProviderMoveBatch = { moved: [], clashed: [], lastId: null };
    for (const row of rows) {
      const identity_key = agentIdentityKey(row.name, into);
      const owner = identityOwner.get(identity_key) as { id: number } | undefined;
      if (owner && owner.id !== row.id) {
        batch.clashed.push({ id: String(row.id), name: row.name });
        continue;
      }
      setProvider.run({ provider: into, identity_key, now, id: row.id });
      changeFor(row.id, row.removed === 1 ? 'delete' : 'upsert', now);
      batch.moved.push(String(row.id));
    }
    batch.lastId = rows.length > 0 ? String(rows[rows.length - 1]!.id) : null;
    return batch;
  });

  const importTx = db.transaction((inputs: AgentCreate[]): ImportOutcome => {
    const now = new Date().toISOString();
    const outcome: ImportOutcome = { added: 0, duplicates: [] };
    inputs.forEach((input, index) => {
      const columns = newAgentColumns(input, now);
      const result = insertIfNew.run({ ...columns, removed: columns.removed ? 1 : 0 });
      if (result.changes === 0) {
        outcome.duplicates.push({ index, name: input.name, provider: input.provider });
        return;
      }
      outcome.added += 1;
      changeFor(result.lastInsertRowid, 'upsert', now);
    });
    return outcome;
  });

  const updateTx = db.transaction((id: number, patch: AgentPatch) => {
    const current = byId.get(id) as AgentRow | undefined;
    if (!current) return null;
    const keys = patchKeys(patch);
    if (keys.length === 0) return current;
    const next = settleHold(
      { ...toAgent(current), ...Object.fromEntries(keys.map((key) => [key, patch[key]])) } as Agent,
      patch,
    );
    const now = new Date().toISOString();
    try {
      update.run({ ...next, ...deriveAgentFields(next), id, removed: next.removed ? 1 : 0, updated_at: now });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateAgentError(next.name, next.provider);
      throw error;
    }
    changeFor(id, next.removed ? 'delete' : 'upsert', now);
    return byId.get(id) as AgentRow;
  });

  return {
    async create(input) {
      try {
        return toAgent(createTx(input));
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateAgentError(input.name, input.provider);
        throw error;
      }
    },

    async importMany(inputs) {
      return importTx(inputs);
    },

    async get(id) {
      const numeric = rowId(id);
      const row = numeric === null ? undefined : (byId.get(numeric) as AgentRow | undefined);
      return row ? toAgent(row) : null;
    },

    async findByIdentity(name, provider) {
      const row = byIdentity.get(agentIdentityKey(name, provider)) as AgentRow | undefined;
      return row ? toAgent(row) : null;
    },

    async getMany(ids) {
      const numeric = ids.map(rowId).filter((id): id is number => id !== null);
      if (numeric.length === 0) return [];
      const rows = prepared(`SELECT ${COLUMNS} FROM agents WHERE id IN (SELECT value FROM json_each(?))`).all(
        JSON.stringify(numeric),
      ) as AgentRow[];
      return rows.map(toAgent);
    },

    async update(id, patch) {
      const numeric = rowId(id);
      if (numeric === null) return null;
      const row = updateTx(numeric, patch);
      return row ? toAgent(row) : null;
    },

    async list(options: AgentListOptions = {}) {
      const { clause, params, from } = filterClause(options);
      const { limit, offset } = listPage(options);
      // The listing index (removed, category, role, name; the rowid last) yields this order, so a
      // page costs its own rows plus a walk over the skipped index entries.
      const rows = prepared(`SELECT ${COLUMNS} FROM ${from} ${clause} ${ORDER} LIMIT ? OFFSET ?`).all(
        ...params,
        limit,
        offset,
      ) as AgentRow[];
      return rows.map(toAgent);
    },

    async count(options = {}) {
      const { clause, params, from } = filterClause(options);
      return (prepared(`SELECT count(*) AS n FROM ${from} ${clause}`).get(...params) as { n: number }).n;
    },

    async countBy(field, filter = {}) {
      // GROUP BY compares exactly, as categories() and roles() do with DISTINCT; the agents_groups
      // index (migration 4) gives the values in binary order, so no temporary tree is needed to group.
      const column = field === 'category' ? 'category' : 'role';
      const inCategory = filter.category !== undefined;
      const rows = db
        .prepare(
          `SELECT ${column} AS value, count(*) AS count FROM agents
           WHERE removed = 0${inCategory ? ' AND category = ? COLLATE NOCASE' : ''}
           GROUP BY ${column} ORDER BY ${column} COLLATE NOCASE, ${column}`,
        )
        .all(...(inCategory ? [filter.category] : [])) as AgentGroupCount[];
      return rows;
    },

    async claimListed({ agentIds, email, ownerId }) {
      const ids = agentIds
        .slice(0, CLAIM_AGENTS_MAX)
        .map(rowId)
        .filter((id): id is number => id !== null);
      return ids.length === 0 ? [] : claimTx(ids, email, ownerId);
    },

    async discardHeld(id, hold) {
      const numeric = rowId(id);
      const row = numeric === null ? undefined : discardTx(numeric, hold);
      return row ? toAgent(row) : null;
    },

    async discardLapsedClaims(before, limit) {
      return limit > 0 ? discardLapsedTx(before.toISOString(), Math.floor(limit)) : 0;
    },

    async touch(ids) {
      const numeric = [...new Set(ids.map(rowId).filter((id): id is number => id !== null))].slice(0, 1000);
      return numeric.length === 0 ? 0 : touchTx(numeric);
    },

    // Values that differ only in case come apart, upper case first, as in the MongoDB adapter.
    async categories() {
      const rows = db
        .prepare(
          'SELECT DISTINCT category FROM agents WHERE removed = 0 ORDER BY category COLLATE NOCASE, category',
        )
        .all() as Array<{ category: string }>;
      return rows.map((row) => row.category);
    },

    async roles(category) {
      const rows = (
        category === undefined
          ? db
              .prepare(
                'SELECT DISTINCT role FROM agents WHERE removed = 0 ORDER BY role COLLATE NOCASE, role',
              )
              .all()
          : db
              .prepare(
                'SELECT DISTINCT role FROM agents WHERE removed = 0 AND category = ? COLLATE NOCASE ORDER BY role COLLATE NOCASE, role',
              )
              .all(category)
      ) as Array<{ role: string }>;
      return rows.map((row) => row.role);
    },

    async groupsVersion() {
      return groupsVersion.get()?.version ?? 0;
    },

    async searchBasic(query, limit) {
      return plainMatching ? plainMatching(query, limit) : searchBasicIn(db, query, limit);
    },

    createdPerDay: createdPerDay(db, 'agents'),
    async countByOwner(ownerIds) {
      const ids = ownerIds.slice(0, 500);
      if (ids.length === 0) return [];
      return db
        .prepare(
          `SELECT owner_id, COUNT(*) AS agents, SUM(removed = 0) AS live FROM agents
           WHERE owner_id IN (${ids.map(() => '?').join(', ')}) GROUP BY owner_id`,
        )
        .all(...ids) as Array<{ owner_id: string; agents: number; live: number }>;
    },
    async countByProvider({ after, limit = PROVIDER_COUNT_MAX } = {}) {
      const bounded = Math.max(0, Math.min(Math.floor(limit), PROVIDER_COUNT_MAX));
      if (bounded === 0) return [];
      // GROUP BY compares exactly (BINARY), the order the keyset `after` continues in; agents_provider
      // yields it, so a page reads its own groups' index entries and never the table.
      return db
        .prepare(
          `SELECT provider, count(*) AS agents FROM agents INDEXED BY agents_provider${after === undefined ? '' : ' WHERE provider > ?'}
           GROUP BY provider ORDER BY provider LIMIT ?`,
        )
        .all(...(after === undefined ? [] : [after]), bounded) as ProviderCount[];
    },
    async moveProvider({ from, into, afterId, limit }) {
      const bounded = Math.max(0, Math.min(Math.floor(limit), PROVIDER_MOVE_MAX));
      const after = afterId === undefined ? 0 : rowId(afterId);
      if (bounded === 0 || after === null || from === into) return { moved: [], clashed: [], lastId: null };
      return moveTx(from, into, after, bounded);
    },
    async *scan(batchSize, afterId) {
      // NOT INDEXED keeps the planner on the rowid range: given the choice it walks an index that
      // starts with `removed` and sorts every remaining row by id for each batch (20 ms a batch at
      // 100,000 agents, against 4 ms).
      const page = db.prepare(
        `SELECT ${COLUMNS} FROM agents NOT INDEXED WHERE removed = 0 AND id > ? ORDER BY id LIMIT ?`,
      );
      // An id that names no agent of this store starts nowhere rather than at the beginning.
      let after = afterId === undefined ? 0 : (rowId(afterId) ?? Number.MAX_SAFE_INTEGER);
      for (;;) {
        const rows = page.all(after, batchSize) as AgentRow[];
        if (rows.length === 0) return;
        after = rows[rows.length - 1]!.id;
        yield rows.map(toAgent);
      }
    },
  };
}

/** The text the store's plain matching looks in: an agent's words, lowercased as SQLite does (ASCII only). */
export const PLAIN_HAYSTACK =
  "lower(name || ' ' || role || ' ' || category || ' ' || description || ' ' || provider)";
/**
 * The order plain matching takes candidates in, up to PLAIN_CANDIDATES: agents_groups's own order,
 * so the index gives it without a sort and the scan stops at the bound.
 */
export const PLAIN_ORDER = 'ORDER BY category, role, id';
/** The most agents plain matching ranks; the first ones in PLAIN_ORDER that hold a word of the query. */
export const PLAIN_CANDIDATES = 2000;

/**
 * The store's plain matching (the search fallback): every agent's text scanned, so at 100,000
 * agents it takes a few hundred milliseconds. A file-based store answers from a copy of the texts
 * in a worker thread instead (plain-match-texts.ts, plain-matching-off-thread.ts), with the same
 * answers; this is the in-memory store's way and the reference that copy is held to.
 */
export function searchBasicIn(db: Database.Database, query: string, limit: number): Agent[] {
  const tokens = queryTokens(query);
  if (tokens.length === 0) return [];
  const rows = db
    .prepare(
      `SELECT ${COLUMNS} FROM agents WHERE removed = 0 AND (${tokens.map(() => `instr(${PLAIN_HAYSTACK}, ?) > 0`).join(' OR ')}) ${PLAIN_ORDER} LIMIT ${PLAIN_CANDIDATES}`,
    )
    .all(...tokens) as AgentRow[];
  return rankBasic(rows.map(toAgent), tokens, limit);
}
