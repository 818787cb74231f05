import type { Agent } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/html-entities';
import type Database from 'better-sqlite3';
import { basicMatchScore, heldWords, joinedMatchScore, queryTokens } from '../basic-search';
import type { PlainMatchHeld } from '../port';
import { PLAIN_CANDIDATES, PLAIN_HAYSTACK, PLAIN_ORDER, type PlainMatchRow } from './agent-reads';
import { type AgentRow, COLUMNS, toAgent } from './agent-rows';
import { type Holders, WordHolders } from './word-holders';

// The store's plain matching (the search fallback) from a copy of every listed agent's text, kept
// by the worker thread that answers it (plain-matching-worker-entry.ts). searchBasicIn (agents.ts) asks SQLite
// to lowercase and scan each agent's text for every word of every query: at 100,000 agents 160-640
// ms a query on two busy cores (1.6 s when nothing matches), so each search answered from the
// store while a lost index was rebuilt took that long (issue 24: 481 ms on a quiet machine, goal
// 100 ms). Here the texts are read once, in the same order and lowercased by SQLite itself, and a
// query scans them in memory for the first PLAIN_CANDIDATES holding a word of it (all the texts are
// one string, looked through once per word: 100,000 texts tested one by one for each word took
// 40-200 ms a query on a busy machine), ranks those from
// the same texts (each field's place in its agent's text is kept beside it), and reads the rows of
// the `limit` best only (or none: searchHeld tells the words each holds from the same texts): the
// same agents in the same order as searchBasicIn, which reads and ranks all PLAIN_CANDIDATES rows
// (plain-match-texts.test.ts holds the two together). Reading 2,000 whole rows to answer 1,000 was
// most of a degraded search's time at 100,000 agents (issue 24).
//
// The copy follows the store's change log (every write to agents appends to it, in the same
// transaction, and the search index relies on the same log): before each query the agents changed
// since are read again, in the query's own read transaction, so an answer is never older than the
// store. Too many changes, or changes pruned before they were seen, and the texts are read again
// whole.

/** Changed agents read one at a time; past this many changes every text is read again. */
const REPLAY_MAX = 5000;

/** Texts searched at a time for the words of a query. */
const SCAN_BLOCK = 2048;

/** The lengths of an agent's name, role, category and description, kept per agent. */
const LENGTHS = 4;
const FIELD_LENGTHS = 'length(name) AS a, length(role) AS b, length(category) AS c, length(description) AS d';
interface TextRow {
  id: number;
  text: string;
  a: number;
  b: number;
  c: number;
  d: number;
}

/** Beyond plain ASCII. In plain ASCII SQLite's lower() and JavaScript's toLowerCase() agree, and length() counts UTF-16 units. */
const NOT_ASCII = /[\u0080-\uffff]/;

export class PlainMatchTexts {
  /** Listed agents' ids in PLAIN_ORDER; null until first needed. */
  private ids: number[] | null = null;
  /** Their texts, in the same order, joined by newlines (no word of a query holds one). */
  private joined = '';
  /** Where each text starts in `joined`, and past the last, where one more would (ids.length + 1). */
  private starts: Int32Array = new Int32Array(1);
  /** Per agent, LENGTHS field lengths: where each field sits in its text. */
  private lengths: Int32Array = new Int32Array(0);
  /** The change-log position the texts reflect. */
  private position = 0;
  /** found()'s bits, per text (its answer, read before the next query). */
  private holds = new Uint16Array(0);
  /** The texts found holding the words of earlier queries (forgotten whenever the texts change). */
  private readonly holders = new WordHolders();
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      all: db.prepare(
        `SELECT id, ${PLAIN_HAYSTACK} AS text, ${FIELD_LENGTHS} FROM agents WHERE removed = 0 ${PLAIN_ORDER}`,
      ),
      one: db.prepare(
        `SELECT id, removed, ${PLAIN_HAYSTACK} AS text, ${FIELD_LENGTHS} FROM agents WHERE id = ?`,
      ),
      order: db.prepare(`SELECT id FROM agents WHERE removed = 0 ${PLAIN_ORDER}`).pluck(),
      head: db
        .prepare("SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'agent_changes'), 0)")
        .pluck(),
      oldest: db.prepare('SELECT min(seq) FROM agent_changes').pluck(),
      changed: db.prepare('SELECT DISTINCT agent_id FROM agent_changes WHERE seq > ?').pluck(),
      rows: db.prepare(`SELECT ${COLUMNS} FROM agents WHERE id IN (SELECT value FROM json_each(?))`),
      fields: db.prepare('SELECT name, role, category, description, provider FROM agents WHERE id = ?'),
    };
  }

  /** Whether the texts are in memory (tests). */
  get loaded(): boolean {
    return this.ids !== null;
  }

  /** Lets the texts go (an idle worker); the next query reads them again. */
  release(): void {
    this.holders.clear();
    this.holds = new Uint16Array(0);
    this.ids = null;
    this.joined = '';
    this.starts = new Int32Array(1);
    this.lengths = new Int32Array(0);
  }

  /** searchBasicIn's answer: the same agents in the same order. */
  search(query: string, limit: number): Agent[] {
    const tokens = queryTokens(query);
    if (tokens.length === 0) return [];
    // One read transaction: the change log and the rows read are of the same moment.
    return this.db.transaction(() => {
      const best = this.best(tokens, limit).best.map((index) => this.ids![index]!);
      const rows = new Map<number, AgentRow>();
      for (const row of this.statements.rows.all(JSON.stringify(best)) as AgentRow[]) rows.set(row.id, row);
      return best.map((id) => toAgent(rows.get(id)!));
    })();
  }

  /**
   * searchBasicHeldIn's answer: the same agents as search(), as their ids and the query words each
   * holds, told from the texts kept here: no row is read (but a text beyond plain ASCII or with an
   * entity, read as the fallback shows it) and no text is sent back (a thousand agents' five texts
   * read, copied to the serving thread and floored there were a third of a degraded search's CPU
   * at 100,000 agents, issue 24).
   */
  searchHeld(query: string, limit: number): PlainMatchHeld {
    const tokens = queryTokens(query);
    if (tokens.length === 0) return { ids: [], held: new Uint16Array(0) };
    return this.db.transaction(() => {
      const { best, holds } = this.best(tokens, limit);
      const held = new Uint16Array(best.length);
      const ids = best.map((index, k) => {
        held[k] = this.heldAt(index, tokens, holds[index]!);
        return String(this.ids![index]!);
      });
      return { ids, held };
    })();
  }

  /**
   * The `limit` best agents (indexes) for the tokens, the texts caught up first (inside a read
   * transaction), and the tokens each text holds (found()).
   */
  private best(tokens: string[], limit: number): { best: number[]; holds: Uint16Array } {
    this.catchUp();
    const { found, holds } = this.found(tokens);
    return { best: this.ranked(found, holds, tokens, limit), holds };
  }

  /**
   * The tokens the agent at `index` holds (heldWords), `holds` those its text holds. Its text is
   * lowercased as JavaScript would (plain ASCII) and joins the five fields with spaces, which no
   * token holds: a token is in a field exactly when it is in the text. An entity ("&amp;") is decoded first, as the fallback
   * shows the text: a text holding one, and one beyond plain ASCII, is told from its row (a plain
   * "&", as in "Content & Media", decodes to itself).
   */
  private heldAt(index: number, tokens: string[], holds: number): number {
    const text = this.textOf(index);
    if (NOT_ASCII.test(text) || (text.includes('&') && decodeEntities(text) !== text))
      return heldWords(this.statements.fields.get(this.ids![index]!) as PlainMatchRow, tokens);
    return holds;
  }

  /** The text of the agent at `index`, lowercased (its own: a search in the joined texts would run on past it). */
  private textOf(index: number): string {
    return this.joined.slice(this.starts[index]!, this.starts[index + 1]! - 1);
  }

  /**
   * The first PLAIN_CANDIDATES agents (indexes, in PLAIN_ORDER) whose text holds any of the tokens,
   * looked for a block of texts at a time, every token in each block, so that the scan stops once
   * they are found: a word held by no one is looked for in the texts before the last candidate,
   * not in all of them (one pass through the whole 20 MB at 100,000 agents: 15-40 ms). Where an
   * earlier query already looked for a word, its holders are taken as found then (word-holders.ts).
   * `holds`: per text looked through, the tokens it holds, a bit each (at most twelve: queryTokens).
   */
  private found(tokens: string[]): { found: number[]; holds: Uint16Array } {
    const count = this.ids!.length;
    // One array for every query, cleared: a fresh 200 KB one a query cost more than the looking
    // when the words were kept (its allocation, counted as external memory, hurries collections).
    if (this.holds.length < count) this.holds = new Uint16Array(count);
    else this.holds.fill(0, 0, count);
    const holds = this.holds;
    const found: number[] = [];
    /** Per token, the next of its holders to mark. */
    const next = tokens.map(() => 0);
    for (let first = 0; first < count && found.length < PLAIN_CANDIDATES; first += SCAN_BLOCK) {
      const last = Math.min(count, first + SCAN_BLOCK);
      let marked = 0;
      for (let t = 0; t < tokens.length; t++) {
        const token = tokens[t]!;
        const holders = this.holders.through(token, last, (adding, from, to) =>
          this.lookFor(token, adding, from, to),
        );
        let k = next[t]!;
        for (; k < holders.length && holders.at[k]! < last; k++) holds[holders.at[k]!]! |= 1 << t;
        marked += k - next[t]!;
        next[t] = k;
      }
      // A block where no word is held is not walked (a name's rare words: nearly every block).
      if (marked === 0) continue;
      for (let i = first; i < last && found.length < PLAIN_CANDIDATES; i++) if (holds[i] !== 0) found.push(i);
    }
    this.holders.trim(tokens);
    return { found, holds };
  }

  /** Adds to `holders` the texts [from, to) that hold the token, in order. */
  private lookFor(token: string, holders: Holders, from: number, to: number): void {
    const { joined, starts } = this;
    const base = starts[from]!;
    // A token lies within one text (it holds no newline): these texts are searched alone.
    const block = joined.slice(base, starts[to]! - 1);
    for (let at = block.indexOf(token); at >= 0; ) {
      const index = textAt(starts, base + at, from, to);
      holders.add(index);
      at = index + 1 < to ? block.indexOf(token, starts[index + 1]! - base) : -1;
    }
  }

  /** The `limit` best of `found` (indexes) by basicMatchScore, ties in PLAIN_ORDER, as rankBasic. */
  private ranked(found: number[], holds: Uint16Array, tokens: string[], limit: number): number[] {
    const scores = new Float64Array(found.length);
    for (let k = 0; k < found.length; k++) scores[k] = this.scoreOf(found[k]!, tokens, holds[found[k]!]!);
    const order = Array.from(found.keys()).sort((x, y) => scores[y]! - scores[x]! || x - y);
    return order.slice(0, limit).map((k) => found[k]!);
  }

  /**
   * basicMatchScore of the agent at `index`, from its text: each field is its place in the text,
   * already lowercased. A text that is not plain ASCII (SQLite lowercases ASCII only, the score
   * lowercases all) is scored from its row, as searchBasicIn scores it. `holds`: the tokens its
   * text holds (found()); the others score nothing in it and are not looked for again.
   */
  private scoreOf(index: number, tokens: string[], holds: number): number {
    const text = this.textOf(index);
    const ends: number[] = [];
    let at = -1;
    for (let f = 0; f < LENGTHS; f++) {
      at += 1 + this.lengths[LENGTHS * index + f]!;
      ends.push(at);
    }
    if (at >= text.length || NOT_ASCII.test(text)) {
      const row = this.statements.fields.get(this.ids![index]!) as Agent;
      return basicMatchScore(row, tokens);
    }
    ends.push(text.length);
    let score = 0;
    for (let t = 0; t < tokens.length; t++)
      if ((holds & (1 << t)) !== 0) score += joinedMatchScore(text, ends, tokens[t]!);
    return score;
  }

  /** Brings the texts up to the change log's head (inside a read transaction). */
  private catchUp(): void {
    const head = this.statements.head.get() as number;
    if (this.ids !== null && head === this.position) return;
    const oldest = (this.statements.oldest.get() as number | null) ?? head + 1;
    // Changes pruned before this copy saw them cannot be replayed: read everything again.
    if (this.ids === null || head - this.position > REPLAY_MAX || oldest > this.position + 1) {
      const copy = new TextsCopy();
      for (const row of this.statements.all.iterate() as Iterable<TextRow>) copy.push(row);
      this.keep(copy);
      this.position = head;
      return;
    }
    const kept = new Map<number, number>();
    for (let i = 0; i < this.ids.length; i++) kept.set(this.ids[i]!, i);
    const changed = new Map<number, TextRow>();
    for (const agentId of this.statements.changed.all(this.position) as string[]) {
      const id = Number(agentId);
      const row = this.statements.one.get(id) as (TextRow & { removed: number }) | undefined;
      if (row && row.removed === 0) changed.set(id, row);
    }
    // A change may move an agent in PLAIN_ORDER (another category or role): the order is read
    // again from the index that holds it, which costs no text.
    const copy = new TextsCopy();
    for (const id of this.statements.order.all() as number[]) {
      const at = kept.get(id);
      const fresh = changed.get(id) ?? (at === undefined ? this.rowOf(id) : null);
      if (fresh) copy.push(fresh);
      else
        copy.pushKept(
          id,
          this.joined.slice(this.starts[at!]!, this.starts[at! + 1]! - 1),
          this.lengths.subarray(LENGTHS * at!, LENGTHS * at! + LENGTHS),
        );
    }
    this.keep(copy);
    this.position = head;
  }

  private keep(copy: TextsCopy): void {
    this.holders.clear();
    this.ids = copy.ids;
    this.joined = copy.texts.join('\n');
    const starts = new Int32Array(copy.texts.length + 1);
    for (let i = 0; i < copy.texts.length; i++) starts[i + 1] = starts[i]! + copy.texts[i]!.length + 1;
    this.starts = starts;
    this.lengths = Int32Array.from(copy.lengths);
  }

  /** One listed agent's text, read on its own (an agent the change log did not name). */
  private rowOf(id: number): TextRow {
    return this.statements.one.get(id) as TextRow;
  }
}

/** The index of the text that `at` (a position in the joined texts) falls in, among texts [low, high). */
function textAt(starts: Int32Array, at: number, low: number, high: number): number {
  while (high - low > 1) {
    const middle = (low + high) >>> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle;
  }
  return low;
}

/** Texts being copied, in order. */
class TextsCopy {
  readonly ids: number[] = [];
  readonly texts: string[] = [];
  readonly lengths: number[] = [];

  push(row: TextRow): void {
    this.ids.push(row.id);
    this.texts.push(row.text);
    this.lengths.push(row.a, row.b, row.c, row.d);
  }

  pushKept(id: number, text: string, lengths: Int32Array): void {
    this.ids.push(id);
    this.texts.push(text);
    for (const length of lengths) this.lengths.push(length);
  }
}
