import type { Agent } from '@agentry/domain/agent';
import type Database from 'better-sqlite3';
import { queryTokens, rankBasic } from '../basic-search';
import { type AgentRow, COLUMNS, PLAIN_CANDIDATES, PLAIN_HAYSTACK, PLAIN_ORDER, toAgent } from './agents';

// The store's plain matching (the search fallback) from a copy of every listed agent's text, kept
// by the worker thread that answers it (plain-matching-worker-entry.ts). searchBasicIn (agents.ts) asks SQLite
// to lowercase and scan each agent's text for every word of every query: at 100,000 agents 160-640
// ms a query on two busy cores (1.6 s when nothing matches), so each search answered from the
// store while a lost index was rebuilt took that long (issue 24: 481 ms on a quiet machine, goal
// 100 ms). Here the texts are read once, in the same order and lowercased by SQLite itself, and a
// query scans them in memory, then reads the rows of the first PLAIN_CANDIDATES it found: the same
// agents in the same order as searchBasicIn (plain-match-texts.test.ts holds the two together).
//
// The copy follows the store's change log (every write to agents appends to it, in the same
// transaction, and the search index relies on the same log): before each query the agents changed
// since are read again, in the query's own read transaction, so an answer is never older than the
// store. Too many changes, or changes pruned before they were seen, and the texts are read again
// whole.

/** Changed agents read one at a time; past this many changes every text is read again. */
const REPLAY_MAX = 5000;

export class PlainMatchTexts {
  /** Listed agents' ids in PLAIN_ORDER and their texts, index for index; null until first needed. */
  private ids: number[] | null = null;
  private texts: string[] = [];
  /** The change-log position the texts reflect. */
  private position = 0;
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      all: db.prepare(`SELECT id, ${PLAIN_HAYSTACK} AS text FROM agents WHERE removed = 0 ${PLAIN_ORDER}`),
      one: db.prepare(`SELECT removed, ${PLAIN_HAYSTACK} AS text FROM agents WHERE id = ?`),
      order: db.prepare(`SELECT id FROM agents WHERE removed = 0 ${PLAIN_ORDER}`).pluck(),
      head: db
        .prepare("SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'agent_changes'), 0)")
        .pluck(),
      oldest: db.prepare('SELECT min(seq) FROM agent_changes').pluck(),
      changed: db.prepare('SELECT DISTINCT agent_id FROM agent_changes WHERE seq > ?').pluck(),
      rows: db.prepare(`SELECT ${COLUMNS} FROM agents WHERE id IN (SELECT value FROM json_each(?))`),
    };
  }

  /** Whether the texts are in memory (tests). */
  get loaded(): boolean {
    return this.ids !== null;
  }

  /** Lets the texts go (an idle worker); the next query reads them again. */
  release(): void {
    this.ids = null;
    this.texts = [];
  }

  /** searchBasicIn's answer: the same agents in the same order. */
  search(query: string, limit: number): Agent[] {
    const tokens = queryTokens(query);
    if (tokens.length === 0) return [];
    // One read transaction: the change log and the rows read are of the same moment.
    return this.db.transaction(() => {
      this.catchUp();
      const ids = this.ids!;
      const texts = this.texts;
      const found: number[] = [];
      for (let i = 0; i < texts.length && found.length < PLAIN_CANDIDATES; i++) {
        const text = texts[i]!;
        for (const token of tokens) {
          if (text.includes(token)) {
            found.push(ids[i]!);
            break;
          }
        }
      }
      const rows = new Map<number, AgentRow>();
      for (const row of this.statements.rows.all(JSON.stringify(found)) as AgentRow[]) rows.set(row.id, row);
      return rankBasic(
        found.map((id) => toAgent(rows.get(id)!)),
        tokens,
        limit,
      );
    })();
  }

  /** Brings the texts up to the change log's head (inside a read transaction). */
  private catchUp(): void {
    const head = this.statements.head.get() as number;
    if (this.ids !== null && head === this.position) return;
    const oldest = (this.statements.oldest.get() as number | null) ?? head + 1;
    // Changes pruned before this copy saw them cannot be replayed: read everything again.
    if (this.ids === null || head - this.position > REPLAY_MAX || oldest > this.position + 1) {
      const ids: number[] = [];
      const texts: string[] = [];
      for (const row of this.statements.all.iterate() as Iterable<{ id: number; text: string }>) {
        ids.push(row.id);
        texts.push(row.text);
      }
      this.ids = ids;
      this.texts = texts;
      this.position = head;
      return;
    }
    const textOf = new Map<number, string>();
    for (let i = 0; i < this.ids.length; i++) textOf.set(this.ids[i]!, this.texts[i]!);
    for (const agentId of this.statements.changed.all(this.position) as string[]) {
      const id = Number(agentId);
      const row = this.statements.one.get(id) as { removed: number; text: string } | undefined;
      if (row && row.removed === 0) textOf.set(id, row.text);
      else textOf.delete(id);
    }
    // A change may move an agent in PLAIN_ORDER (another category or role): the order is read
    // again from the index that holds it, which costs no text.
    const ids = this.statements.order.all() as number[];
    this.ids = ids;
    this.texts = ids.map((id) => textOf.get(id) ?? this.textOf(id));
    this.position = head;
  }

  /** One listed agent's text, read on its own (an agent the change log did not name). */
  private textOf(id: number): string {
    return (this.statements.one.get(id) as { text: string }).text;
  }
}
