import { type Agent, agentIdentityKey } from '@agentry/domain/agent';
import type Database from 'better-sqlite3';
import { listPage } from '../agent-record';
import { heldOfTexts, queryTokens, rankBasic } from '../basic-search';
import {
  type AgentGroupCount,
  type AgentListOptions,
  type AgentRepository,
  PLAIN_MATCH_FIELDS,
  type PlainMatchHeld,
  type PlainMatchText,
} from '../port';
import {
  type AgentRow,
  type AgentStatements,
  COLUMNS,
  filterClause,
  ORDER,
  rowId,
  toAgent,
} from './agent-rows';
import { createdPerDay } from './created-per-day';
import { preparedOnce } from './prepared-once';

// The agent reads: one agent, a page of the listing, counts and groups, the catalog's categories and
// roles, the plain search the store answers when the engine cannot, and the indexer's reads.

/** The reads of the agent repository. */
export type SqliteAgentReads = Pick<
  AgentRepository,
  | 'get'
  | 'findByIdentity'
  | 'getMany'
  | 'list'
  | 'count'
  | 'countBy'
  | 'categories'
  | 'roles'
  | 'groupsVersion'
  | 'searchBasic'
  | 'searchBasicHeld'
  | 'createdPerDay'
  | 'countByOwner'
  | 'scan'
>;

/** Where a file-based store's plain matching runs (off the serving thread). */
export interface PlainMatching {
  search(query: string, limit: number): Promise<Agent[]>;
  searchHeld(query: string, limit: number): Promise<PlainMatchHeld>;
}

/** `plainMatching`: where searchBasic runs (off this thread for a file-based store); here when absent. */
export function sqliteAgentReads(
  db: Database.Database,
  { byId }: AgentStatements,
  plainMatching?: PlainMatching,
): SqliteAgentReads {
  const prepared = preparedOnce(db);
  const byIdentity = db.prepare(`SELECT ${COLUMNS} FROM agents WHERE identity_key = ?`);
  // Moved by the triggers of migration 19, whichever connection writes the agents.
  const groupsVersion = db.prepare<[], { version: number }>(
    'SELECT version FROM agent_groups_version WHERE id = 1',
  );

  return {
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
      return plainMatching ? plainMatching.search(query, limit) : searchBasicIn(db, query, limit);
    },

    async searchBasicHeld(query, limit) {
      return plainMatching ? plainMatching.searchHeld(query, limit) : searchBasicHeldIn(db, query, limit);
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

/** The columns of searchBasicTextsIn's answer: an agent's id and the texts plain matching reads. */
export const PLAIN_MATCH_COLUMNS = ['id', ...PLAIN_MATCH_FIELDS].join(', ');
/** A row of those columns, as SQLite gives it back. */
export type PlainMatchRow = Omit<PlainMatchText, 'id'> & { id: number };

/**
 * The store's plain matching (the search fallback): every agent's text scanned, so at 100,000
 * agents it takes a few hundred milliseconds. A file-based store answers from a copy of the texts
 * in a worker thread instead (plain-match-texts.ts, plain-matching-off-thread.ts), with the same
 * answers; this is the in-memory store's way and the reference that copy is held to.
 */
export function searchBasicIn(db: Database.Database, query: string, limit: number): Agent[] {
  const tokens = queryTokens(query);
  if (tokens.length === 0) return [];
  const rows = plainCandidateRows<AgentRow>(db, COLUMNS, tokens);
  return rankBasic(rows.map(toAgent), tokens, limit);
}

/** The first PLAIN_CANDIDATES listed agents, in PLAIN_ORDER, whose text holds a token: `columns` of each. */
function plainCandidateRows<Row>(db: Database.Database, columns: string, tokens: string[]): Row[] {
  const holdsAToken = tokens.map(() => `instr(${PLAIN_HAYSTACK}, ?) > 0`).join(' OR ');
  return db
    .prepare(
      `SELECT ${columns} FROM agents WHERE removed = 0 AND (${holdsAToken}) ${PLAIN_ORDER} LIMIT ${PLAIN_CANDIDATES}`,
    )
    .all(...tokens) as Row[];
}

/**
 * searchBasicIn's candidates as their ids and five texts: the same agents, in the same order, with
 * none of the other columns read.
 */
export function searchBasicTextsIn(db: Database.Database, query: string, limit: number): PlainMatchText[] {
  const tokens = queryTokens(query);
  if (tokens.length === 0) return [];
  const rows = plainCandidateRows<PlainMatchRow>(db, PLAIN_MATCH_COLUMNS, tokens);
  return rankBasic(rows, tokens, limit).map((row) => ({ ...row, id: String(row.id) }));
}

/**
 * searchBasicIn's candidates as their ids and the query words each holds (searchBasicHeld): the
 * in-memory store's way, and the reference the copy of the texts is held to.
 */
export function searchBasicHeldIn(db: Database.Database, query: string, limit: number): PlainMatchHeld {
  return heldOfTexts(searchBasicTextsIn(db, query, limit), queryTokens(query));
}
