import type { Agent, Pricing } from '@agentry/domain/agent';
import type Database from 'better-sqlite3';
import { deriveAgentFields, newAgentColumns, patchKeys } from '../agent-record';
import { queryTokens, rankBasic } from '../basic-search';
import {
  type AgentCreate,
  type AgentListOptions,
  type AgentPatch,
  type AgentRepository,
  type ChangeOp,
  DuplicateAgentError,
  type ImportOutcome,
} from '../port';

interface AgentRow {
  id: number;
  name: string;
  provider: string;
  category: string;
  role: string;
  description: string;
  cost: string;
  address: string;
  email: string | null;
  status: string | null;
  removed: number;
  owner_id: string | null;
  pricing: string;
  price_monthly: number | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS =
  'id, name, provider, category, role, description, cost, address, email, status, removed, owner_id, pricing, price_monthly, created_at, updated_at';
const ORDER = 'ORDER BY category COLLATE NOCASE, role COLLATE NOCASE, name COLLATE NOCASE, id';

function toAgent(row: AgentRow): Agent {
  return {
    id: String(row.id),
    name: row.name,
    provider: row.provider,
    category: row.category,
    role: row.role,
    description: row.description,
    cost: row.cost,
    address: row.address,
    email: row.email,
    status: row.status,
    removed: row.removed === 1,
    owner_id: row.owner_id,
    pricing: row.pricing as Pricing,
    price_monthly: row.price_monthly,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
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

export function createSqliteAgents(db: Database.Database): AgentRepository {
  const insert = db.prepare(
    `INSERT INTO agents (name, provider, category, role, description, cost, address, email, status, removed, owner_id,
       pricing, price_monthly, identity_key, created_at, updated_at)
     VALUES (@name, @provider, @category, @role, @description, @cost, @address, @email, @status, 0, @owner_id,
       @pricing, @price_monthly, @identity_key, @created_at, @updated_at)`,
  );
  // A row whose identity key exists is skipped, not failed: re-importing a file adds nothing twice.
  const insertIfNew = db.prepare(insert.source.replace('INSERT INTO', 'INSERT OR IGNORE INTO'));
  const update = db.prepare(
    `UPDATE agents SET name = @name, provider = @provider, category = @category, role = @role,
       description = @description, cost = @cost, address = @address, email = @email, status = @status,
       owner_id = @owner_id, removed = @removed, pricing = @pricing, price_monthly = @price_monthly,
       identity_key = @identity_key, updated_at = @updated_at
     WHERE id = @id`,
  );
  const recordChange = db.prepare('INSERT INTO agent_changes (agent_id, op, at) VALUES (?, ?, ?)');
  const byId = db.prepare(`SELECT ${COLUMNS} FROM agents WHERE id = ?`);
  const changeFor = (id: number | bigint, op: ChangeOp, at: string) => recordChange.run(String(id), op, at);

  const createTx = db.transaction((input: AgentCreate) => {
    const now = new Date().toISOString();
    const { lastInsertRowid } = insert.run({ ...newAgentColumns(input, now), removed: 0 });
    changeFor(lastInsertRowid, 'upsert', now);
    return byId.get(lastInsertRowid) as AgentRow;
  });

  const importTx = db.transaction((inputs: AgentCreate[]): ImportOutcome => {
    const now = new Date().toISOString();
    const outcome: ImportOutcome = { added: 0, duplicates: [] };
    inputs.forEach((input, index) => {
      const result = insertIfNew.run({ ...newAgentColumns(input, now), removed: 0 });
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
    const next = {
      ...toAgent(current),
      ...Object.fromEntries(keys.map((key) => [key, patch[key]])),
    } as Agent;
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

    async getMany(ids) {
      const numeric = ids.map(rowId).filter((id): id is number => id !== null);
      if (numeric.length === 0) return [];
      const rows = db
        .prepare(`SELECT ${COLUMNS} FROM agents WHERE id IN (SELECT value FROM json_each(?))`)
        .all(JSON.stringify(numeric)) as AgentRow[];
      return rows.map(toAgent);
    },

    async update(id, patch) {
      const numeric = rowId(id);
      if (numeric === null) return null;
      const row = updateTx(numeric, patch);
      return row ? toAgent(row) : null;
    },

    async list(options: AgentListOptions = {}) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (!options.includeRemoved) where.push('removed = 0');
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
      const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const rows = db
        .prepare(`SELECT ${COLUMNS} FROM agents ${clause} ${ORDER}`)
        .all(...params) as AgentRow[];
      return rows.map(toAgent);
    },

    async count(options = {}) {
      const sql = options.includeRemoved
        ? 'SELECT count(*) AS n FROM agents'
        : 'SELECT count(*) AS n FROM agents WHERE removed = 0';
      return (db.prepare(sql).get() as { n: number }).n;
    },

    async categories() {
      const rows = db
        .prepare('SELECT DISTINCT category FROM agents WHERE removed = 0 ORDER BY category COLLATE NOCASE')
        .all() as Array<{ category: string }>;
      return rows.map((row) => row.category);
    },

    async roles(category) {
      const rows = (
        category === undefined
          ? db
              .prepare('SELECT DISTINCT role FROM agents WHERE removed = 0 ORDER BY role COLLATE NOCASE')
              .all()
          : db
              .prepare(
                'SELECT DISTINCT role FROM agents WHERE removed = 0 AND category = ? COLLATE NOCASE ORDER BY role COLLATE NOCASE',
              )
              .all(category)
      ) as Array<{ role: string }>;
      return rows.map((row) => row.role);
    },

    async searchBasic(query, limit) {
      const tokens = queryTokens(query);
      if (tokens.length === 0) return [];
      const haystack =
        "lower(name || ' ' || role || ' ' || category || ' ' || description || ' ' || provider)";
      const rows = db
        .prepare(
          `SELECT ${COLUMNS} FROM agents WHERE removed = 0 AND (${tokens.map(() => `instr(${haystack}, ?) > 0`).join(' OR ')}) LIMIT 2000`,
        )
        .all(...tokens) as AgentRow[];
      return rankBasic(rows.map(toAgent), tokens, limit);
    },

    async *scan(batchSize) {
      const page = db.prepare(
        `SELECT ${COLUMNS} FROM agents WHERE removed = 0 AND id > ? ORDER BY id LIMIT ?`,
      );
      let after = 0;
      for (;;) {
        const rows = page.all(after, batchSize) as AgentRow[];
        if (rows.length === 0) return;
        after = rows[rows.length - 1]!.id;
        yield rows.map(toAgent);
      }
    },
  };
}
