import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { SearchDocument } from '../port';

/** Bodies read per statement by bodies(). */
const BODIES_PAGE = 1000;
/** A rebuild not swapped in after this long died with its process (100,000 agents take seconds). */
const STALE_BUILD_MS = 6 * 60 * 60 * 1000;

// The embedded engine's durable state: documents per generation (a rebuild writes a new generation
// beside the live one, then swaps), an ops log that readers in other processes follow, and per
// generation the change-log position the index reflects.

export interface Op {
  seq: number;
  id: string;
  /** The document's current body, or null when it was deleted. */
  body: string | null;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS documents (
    generation INTEGER NOT NULL,
    id TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (generation, id)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS ops (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    generation INTEGER NOT NULL,
    id TEXT NOT NULL
  );
`;

/** Readers further behind than this reload everything instead of replaying. */
export const OPS_RETAINED = 50_000;

export class SearchDb {
  private readonly db: Database.Database;
  private readonly statements;

  constructor(file: string) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.statements = {
      getMeta: this.db.prepare('SELECT value FROM meta WHERE key = ?'),
      setMeta: this.db.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
      deleteMeta: this.db.prepare('DELETE FROM meta WHERE key = ?'),
      upsert: this.db.prepare(
        'INSERT INTO documents (generation, id, body) VALUES (?, ?, ?) ON CONFLICT (generation, id) DO UPDATE SET body = excluded.body',
      ),
      remove: this.db.prepare('DELETE FROM documents WHERE generation = ? AND id = ?'),
      op: this.db.prepare('INSERT INTO ops (generation, id) VALUES (?, ?)'),
      opsSince: this.db.prepare(
        `SELECT ops.seq AS seq, ops.id AS id, documents.body AS body FROM ops
         LEFT JOIN documents ON documents.generation = ops.generation AND documents.id = ops.id
         WHERE ops.generation = ? AND ops.seq > ? ORDER BY ops.seq LIMIT ?`,
      ),
      minSeq: this.db.prepare('SELECT min(seq) AS seq FROM ops WHERE generation = ?'),
      headSeq: this.db.prepare(
        "SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'ops'), 0) AS seq",
      ),
      bodiesPage: this.db.prepare(
        'SELECT id, body FROM documents WHERE generation = ? AND id > ? ORDER BY id LIMIT ?',
      ),
      count: this.db.prepare('SELECT count(*) AS n FROM documents WHERE generation = ?'),
    };
    if (this.meta('active') === null) this.statements.setMeta.run('active', '1');
    // Names this file: a snapshot of the index (index-snapshot.ts) belongs to one file, and a new
    // search.db (the old one lost) numbers its generations from 1 again.
    // Two processes opening a new file at once keep the first one's name.
    this.db
      .prepare("INSERT INTO meta (key, value) VALUES ('file_id', ?) ON CONFLICT (key) DO NOTHING")
      .run(randomUUID());
  }

  /** The random name this file got when it was created. */
  fileId(): string {
    return this.meta('file_id')!;
  }

  /**
   * The live generation whole, as of one moment: its position (as position()) and the bodies of
   * its documents in id order, read in one transaction (an index built from them reflects exactly
   * that position). For building a snapshot, on a connection of its own.
   */
  readGeneration(): { generation: number; seq: number; checkpoint: number; bodies: string[] } {
    return this.db.transaction(() => {
      const position = this.position();
      return { ...position, bodies: [...this.bodies(position.generation)] };
    })();
  }

  /** The oldest op kept of a generation (null: none kept). */
  oldestOp(generation: number): number | null {
    return (this.statements.minSeq.get(generation) as { seq: number | null }).seq;
  }

  private meta(key: string): string | null {
    return (this.statements.getMeta.get(key) as { value: string } | undefined)?.value ?? null;
  }

  activeGeneration(): number {
    return Number(this.meta('active'));
  }

  checkpoint(generation = this.activeGeneration()): number {
    return Number(this.meta(`checkpoint:${generation}`) ?? 0);
  }

  /** Writes a batch into the live generation; returns the seqs of its ops (first - 1 when none). */
  apply(
    upserts: SearchDocument[],
    deletes: string[],
    checkpoint: number,
    expectCheckpoint?: number,
  ): { first: number; last: number; generation: number; skipped: boolean } {
    return this.db
      .transaction(() => {
        const generation = this.activeGeneration();
        const first = this.headSeq() + 1;
        if (expectCheckpoint !== undefined && this.checkpoint(generation) !== expectCheckpoint) {
          return { first, last: first - 1, generation, skipped: true };
        }
        for (const document of upserts) {
          this.statements.upsert.run(generation, document.id, JSON.stringify(document));
          this.statements.op.run(generation, document.id);
        }
        for (const id of deletes) {
          this.statements.remove.run(generation, id);
          this.statements.op.run(generation, id);
        }
        this.statements.setMeta.run(`checkpoint:${generation}`, String(checkpoint));
        return { first, last: this.headSeq(), generation, skipped: false };
      })
      .immediate();
  }

  headSeq(): number {
    return (this.statements.headSeq.get() as { seq: number }).seq;
  }

  /**
   * Where a reader starts: the live generation, the last op written, and the change-log position
   * the generation reflects, read together.
   */
  position(): { generation: number; seq: number; checkpoint: number } {
    return this.db.transaction(() => {
      const generation = this.activeGeneration();
      return { generation, seq: this.headSeq(), checkpoint: this.checkpoint(generation) };
    })();
  }

  /**
   * opsSince() with the generation's checkpoint read in the same transaction: when the ops reach
   * the last one written, a reader that applied them reflects that checkpoint.
   */
  opsWithCheckpoint(
    generation: number,
    afterSeq: number,
    limit: number,
  ): { ops: Op[] | null; checkpoint: number; head: number } {
    return this.db.transaction(() => ({
      ops: this.opsSince(generation, afterSeq, limit),
      checkpoint: this.checkpoint(generation),
      head: this.headSeq(),
    }))();
  }

  /** Ops of the live generation after `afterSeq`; null when the log no longer reaches back that far. */
  opsSince(generation: number, afterSeq: number, limit: number): Op[] | null {
    const oldest = (this.statements.minSeq.get(generation) as { seq: number | null }).seq;
    if (oldest !== null && oldest > afterSeq + 1 && afterSeq > 0) return null;
    return this.statements.opsSince.all(generation, afterSeq, limit) as Op[];
  }

  /**
   * Every body of a generation, read a page at a time by id. The index load consumes this across
   * event-loop turns: an open statement iterator would hold the connection that long, and every
   * other use of it (the indexer writing a batch) would fail with "connection is busy".
   */
  *bodies(generation: number): IterableIterator<string> {
    let after = '';
    for (;;) {
      const rows = this.statements.bodiesPage.all(generation, after, BODIES_PAGE) as Array<{
        id: string;
        body: string;
      }>;
      for (const row of rows) yield row.body;
      if (rows.length < BODIES_PAGE) return;
      after = rows[rows.length - 1]!.id;
    }
  }

  /**
   * Whether a generation holds more than `limit` documents: reads at most limit + 1 rows, where
   * count() reads them all (a tenth of a second at 100,000 agents, on the thread that asks).
   */
  holdsMoreThan(limit: number, generation = this.activeGeneration()): boolean {
    return (
      this.db
        .prepare('SELECT 1 FROM documents WHERE generation = ? LIMIT 1 OFFSET ?')
        .get(generation, Math.max(0, limit)) !== undefined
    );
  }

  count(generation = this.activeGeneration()): number {
    return (this.statements.count.get(generation) as { n: number }).n;
  }

  /** A generation number for a rebuild, beside the live one. */
  beginGeneration(): number {
    return this.db
      .transaction(() => {
        const next = Number(this.meta('next_generation') ?? this.activeGeneration() + 1);
        this.statements.setMeta.run('next_generation', String(next + 1));
        // Marked as being built, so that another rebuild's swap leaves its rows alone.
        this.statements.setMeta.run(`building:${next}`, String(Date.now()));
        return next;
      })
      .immediate();
  }

  insertInto(generation: number, documents: SearchDocument[]): void {
    this.db
      .transaction(() => {
        for (const document of documents)
          this.statements.upsert.run(generation, document.id, JSON.stringify(document));
      })
      .immediate();
  }

  /** Makes a rebuilt generation live, with the change-log position it reflects, and drops the old one. */
  /**
   * Makes `generation` the live one and deletes the others but those still being built. Two
   * rebuilds may overlap (the indexer's own, one from the admin screen, the CLI): a build that
   * began after this one and is already live supersedes it, so this one is discarded instead
   * (returns false); a build still running keeps its rows, or its swap would go live half empty.
   */
  swap(generation: number, checkpoint: number): boolean {
    return this.db
      .transaction(() => {
        if (this.activeGeneration() > generation) {
          this.discardNow(generation);
          return false;
        }
        this.statements.setMeta.run(`checkpoint:${generation}`, String(checkpoint));
        this.statements.setMeta.run('active', String(generation));
        this.statements.deleteMeta.run(`building:${generation}`);
        const keep = [generation, ...this.generationsBeingBuilt()];
        const others = `generation NOT IN (${keep.map(() => '?').join(', ')})`;
        this.db.prepare(`DELETE FROM documents WHERE ${others}`).run(...keep);
        this.db.prepare(`DELETE FROM ops WHERE ${others}`).run(...keep);
        for (const { key } of this.db
          .prepare("SELECT key FROM meta WHERE key LIKE 'checkpoint:%'")
          .all() as Array<{ key: string }>) {
          if (!keep.includes(Number(key.slice('checkpoint:'.length)))) this.statements.deleteMeta.run(key);
        }
        return true;
      })
      .immediate();
  }

  discard(generation: number): void {
    this.db.transaction(() => this.discardNow(generation)).immediate();
  }

  private discardNow(generation: number): void {
    this.db.prepare('DELETE FROM documents WHERE generation = ?').run(generation);
    this.statements.deleteMeta.run(`building:${generation}`);
  }

  /**
   * Generations marked as being built, but for marks older than STALE_BUILD_MS: a build that died
   * with its process; its rows go at the next swap.
   */
  private generationsBeingBuilt(): number[] {
    const rows = this.db.prepare("SELECT key, value FROM meta WHERE key LIKE 'building:%'").all() as Array<{
      key: string;
      value: string;
    }>;
    const live: number[] = [];
    for (const { key, value } of rows) {
      if (Date.now() - Number(value) < STALE_BUILD_MS) live.push(Number(key.slice('building:'.length)));
      else this.statements.deleteMeta.run(key);
    }
    return live;
  }

  /** Forgets ops older than what any reader may still need. */
  pruneOps(): number {
    return this.db.prepare('DELETE FROM ops WHERE seq <= ?').run(this.headSeq() - OPS_RETAINED).changes;
  }

  ping(): void {
    this.db.prepare('SELECT 1').get();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
