import { WEEK_MS, weekStart } from '@agentry/domain/weeks';
import { ChunkSizer, type ChunkSizerOptions } from '@agentry/platform/concurrency/chunk-sizer';
import { PeriodicFlush } from '@agentry/platform/concurrency/periodic-flush';
import { pauseBetweenWrites } from '@agentry/platform/concurrency/write-gap';
import type { Logger } from '@agentry/platform/log/logger';
import type { AgentEventKind, AgentStatsRepository, AgentWeekCounts } from '@agentry/platform/store/port';
import {
  type Bucket,
  type CountEntries,
  entriesInStoreOrder,
  type Mark,
  onceGroups,
  tallyNames,
  timedWrite,
} from './agent-event-flush';
import { DAY_MS, OnceKeys } from './once-keys';
import { OncePerAudience, type OncePerAudienceOptions } from './once-per-audience';

// Provider analytics are counted here, in memory, and written to the store in one batch every
// FLUSH_EVERY_MS: a search adds one to a map entry per hit and never waits for the store. A count
// is an agent, a week and a kind, nothing else: no visitor, address or account is kept with it.
//
// Requests count through countFor(), once per audience (person or client), agent, kind and UTC day,
// and at most DAILY_CAPS[kind] agents per audience and day, so that neither anonymous nor repeated
// calls move the numbers. In two steps: this process's filter (once-per-audience.ts) drops what it
// has already counted today at no cost, and what passes waits as a mark (the audience's keyed digest
// for the day, the kind and the agent) until the flush, where the store admits each mark whose
// agent no process has counted today for that audience and kind, within the audience's daily cap
// (AgentStatsRepository.admitOnce: one row per audience, kind and day; names from once-keys.ts).
// So a client whose requests reach several workers or containers (WEB_CONCURRENCY, a balancer)
// still counts once: per process it counted once per worker (issue 21's follow-up).
//
// A flush writes the tallies first, an audience's marks together, and then every count it has
// (the admitted marks' and count()'s), in agent order: each page of the store's counts is written
// once a flush instead of once per chunk of marks (issue 24). What a flush sends, in which order
// and shape: agent-event-flush.ts.

export const FLUSH_EVERY_MS = 10_000;
/**
 * A flush starts early once this many distinct entries wait: with SQLite a write holds the event
 * loop (about 20 ms for 10,000 entries, 130 ms for 50,000, measured), so batches are kept small
 * under heavy traffic. Still one store call per flush.
 */
export const FLUSH_AT_KEYS = 10_000;
/**
 * Entries per store write at most. A SQLite transaction of 10,000 took 18–57 ms, and over 100 ms on
 * a loaded machine (bench:no-stall caught it). Smaller chunks cost more in all (500 a chunk took
 * 1.26–1.58 times the CPU per mark of 2,000: fewer marks share a commit and an agent's row), so
 * chunks are as large as WRITE_BUDGET_MS allows, up to this.
 */
export const WRITE_CHUNK = 2_000;
/** Entries per store write at least, however slow the last one was. */
export const MIN_WRITE_CHUNK = 100;
/**
 * How long one store write (with the keyed hashing of its marks) may hold the event loop. A fixed
 * 2,000 marks took about 40 ms of a quiet core (20 µs a mark at 100,000 agents) and 150–330 ms on a
 * loaded machine, every flush, in each worker: the longest stalls of issue 24's open loop, and the
 * other worker's writes waited on SQLite's lock meanwhile. Sized to this instead (chunk-sizer.ts):
 * about 500 marks on a quiet machine, fewer under load, so the stall stays well under 50 ms; each
 * flush starts at MIN_WRITE_CHUNK and learns its own pace.
 */
export const WRITE_BUDGET_MS = 10;
/** Distinct agent-week-kind entries held while the store does not take them; the oldest go first. */
export const MAX_PENDING_KEYS = 200_000;

export interface AgentEventCounterOptions {
  repository: Pick<AgentStatsRepository, 'increment' | 'admitOnce'>;
  logger: Logger;
  /**
   * SESSION_SECRET, which every API process shares: the store's keys for "once a day" are keyed
   * with it, so that every process names the same count alike. Without it (a lone counter in a
   * test), a key of this counter's own.
   */
  sessionSecret?: string;
  now?: () => number;
  maxKeys?: number;
  flushEveryMs?: number;
  flushAtKeys?: number;
  /** Entries per store write at most (WRITE_CHUNK by default). */
  writeChunk?: number;
  /** How long one store write may hold the thread (WRITE_BUDGET_MS by default). */
  writeBudgetMs?: number;
  /** A monotonic clock in ms that times the writes (performance.now by default). */
  clock?: () => number;
  /** The de-duplication's bounds (once-per-audience.ts' defaults otherwise). */
  audiences?: Omit<OncePerAudienceOptions, 'now' | 'logger'>;
}

export class AgentEventCounter {
  private readonly repository: Pick<AgentStatsRepository, 'increment' | 'admitOnce'>;
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly maxKeys: number;
  private readonly flushAtKeys: number;
  private readonly clock: () => number;
  /**
   * Bounds of the chunk sizes. Each flush starts at the smallest chunk and learns its pace from its
   * own writes: a size learned 10 s earlier, on a machine less busy, held a worker 340 ms (profile).
   */
  private readonly chunks: ChunkSizerOptions;
  private readonly audiences: OncePerAudience;
  private readonly onceKeys: OnceKeys;
  /** Keyed by week and kind; insertion order is age order (a failed batch is put back in front). */
  private pending = new Map<string, Bucket>();
  private keys = 0;
  /** Counts of countFor() waiting for the store, oldest first (at most maxKeys of them). */
  private marks: Mark[] = [];
  private dropped = { keys: 0, events: 0 };
  private week = '';
  private weekEndsAt = Number.NEGATIVE_INFINITY;
  private readonly flusher: PeriodicFlush;
  private earlyFlush: NodeJS.Immediate | null = null;
  /** The last write failed: no early flushes until the timer's next one succeeds. */
  private failing = false;

  constructor(options: AgentEventCounterOptions) {
    this.repository = options.repository;
    this.logger = options.logger;
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? MAX_PENDING_KEYS;
    this.flusher = new PeriodicFlush(() => this.write(), options.flushEveryMs ?? FLUSH_EVERY_MS);
    this.flushAtKeys = options.flushAtKeys ?? FLUSH_AT_KEYS;
    const max = options.writeChunk ?? WRITE_CHUNK;
    this.chunks = {
      budgetMs: options.writeBudgetMs ?? WRITE_BUDGET_MS,
      min: Math.min(MIN_WRITE_CHUNK, max),
      max,
    };
    this.clock = options.clock ?? (() => performance.now());
    this.audiences = new OncePerAudience({ now: this.now, logger: this.logger, ...options.audiences });
    this.onceKeys = new OnceKeys(options.sessionSecret);
  }

  /**
   * What a request counts: each agent of `agentIds` once per `audience` (analytics/audience.ts),
   * kind and UTC day, within the audience's daily cap, across every process sharing the store.
   * O(ids) and one HMAC, no I/O: the store decides at the next flush. The day's digest of the
   * audience seeds this process's filter too (it was a second HMAC of every search: issue 24).
   */
  countFor(audience: string, kind: AgentEventKind, agentIds: Iterable<string>): void {
    const day = Math.floor(this.now() / DAY_MS);
    const audienceDay = this.onceKeys.audienceDay(audience, day);
    const admitted = this.audiences.admit(audience, kind, agentIds, audienceDay.readInt32BE(0));
    if (admitted.length === 0) return;
    const week = this.currentWeek();
    for (const agentId of admitted) this.marks.push({ audienceDay, day, kind, agentId, week });
    if (this.marks.length > this.maxKeys) this.dropOldestMarks();
    if (this.keys + this.marks.length >= this.flushAtKeys) this.flushSoon();
  }

  /** Counts one event of `kind` for each id (an id twice counts twice), whoever asked: requests use countFor. */
  count(kind: AgentEventKind, agentIds: Iterable<string>): void {
    const counts = this.bucket(this.currentWeek(), kind);
    for (const id of agentIds) {
      const before = counts.get(id);
      if (before === undefined) {
        counts.set(id, 1);
        this.keys += 1;
      } else {
        counts.set(id, before + 1);
      }
    }
    if (this.keys > this.maxKeys) this.dropOldest();
    if (this.keys >= this.flushAtKeys) this.flushSoon();
  }

  /** Distinct agent-week-kind entries and counts of countFor() not yet written. */
  get pendingKeys(): number {
    return this.keys + this.marks.length;
  }

  /** What this process counted and has not written yet, for these agents, from `sinceWeek` on. */
  pendingFor(agentIds: readonly string[], sinceWeek: string): AgentWeekCounts[] {
    const rows = new Map<string, AgentWeekCounts>();
    const add = (id: string, week: string, kind: AgentEventKind, count: number) => {
      const key = `${id}\u0000${week}`;
      let row = rows.get(key);
      if (!row) {
        row = { agent_id: id, week, appeared: 0, opened: 0, clicked: 0, compared: 0, contacted: 0 };
        rows.set(key, row);
      }
      row[kind] += count;
    };
    for (const { week, kind, counts } of this.pending.values()) {
      if (week < sinceWeek) continue;
      for (const id of agentIds) {
        const count = counts.get(id);
        if (count !== undefined) add(id, week, kind, count);
      }
    }
    // Marks as if the store will count them, which it does unless another process did today.
    if (this.marks.length > 0) {
      const wanted = new Set(agentIds);
      for (const { agentId, week, kind } of this.marks)
        if (week >= sinceWeek && wanted.has(agentId)) add(agentId, week, kind, 1);
    }
    return [...rows.values()];
  }

  /**
   * Writes everything counted so far in one store call. On failure the counts are kept (in front
   * of newer ones) for the next flush. Never rejects; a flush asked while one runs joins it.
   */
  flush(): Promise<void> {
    return this.flusher.flush();
  }

  /** Flushes every FLUSH_EVERY_MS; the timer does not keep the process alive. */
  start(): void {
    this.flusher.start();
  }

  /** Stops the timers and writes what is left (after the one being written, if any). */
  async stop(): Promise<void> {
    if (this.earlyFlush) clearImmediate(this.earlyFlush);
    this.earlyFlush = null;
    await this.flusher.stop();
  }

  /** Outside the request that crossed the mark; none while the store fails (the timer retries). */
  private flushSoon(): void {
    if (this.failing || this.flusher.busy || this.earlyFlush || !this.flusher.started) return;
    this.earlyFlush = setImmediate(() => {
      this.earlyFlush = null;
      void this.flush();
    });
  }

  private currentWeek(): string {
    const now = this.now();
    // The week's name is worked out once a week, not per search.
    if (now >= this.weekEndsAt || now < this.weekEndsAt - WEEK_MS) {
      this.week = weekStart(new Date(now));
      this.weekEndsAt = Date.parse(this.week) + WEEK_MS;
    }
    return this.week;
  }

  private bucket(week: string, kind: AgentEventKind): Map<string, number> {
    const key = `${week} ${kind}`;
    let bucket = this.pending.get(key);
    if (!bucket) {
      bucket = { week, kind, counts: new Map() };
      this.pending.set(key, bucket);
    }
    return bucket.counts;
  }

  private async write(): Promise<void> {
    this.reportDropped();
    // The marks first: what the store admits joins the counts, written next in agent order.
    if (this.marks.length === 0 || (await this.writeMarks())) await this.writeCounts();
  }

  /** Writes the plain counts (count()); false when the store failed (the rest is kept). */
  private async writeCounts(): Promise<boolean> {
    if (this.keys === 0) return true;
    const batch = this.pending;
    const keys = this.keys;
    this.pending = new Map();
    this.keys = 0;
    // Ordered in slices of the event loop: sorting them in one call was the flush's longest callback.
    const entries = await entriesInStoreOrder(batch);
    // A chunk at a time, with a pause between: after a store outage up to MAX_PENDING_KEYS wait,
    // and one SQLite transaction of them all held the thread for 0.7 s.
    const sizer = new ChunkSizer(this.chunks);
    for (let start = 0, size = 0; start < entries.length; start += size) {
      const chunk = entries.slice(start, start + sizer.size);
      size = chunk.length;
      try {
        await timedWrite(this.clock, sizer, size, () => this.repository.increment(chunk));
        this.failing = false;
      } catch (error) {
        this.failing = true;
        // What was written stays written; the rest goes back in front of what came meanwhile.
        if (start === 0) this.putBack(batch, keys);
        else this.putBackEntries(entries.slice(start));
        this.logger.warn(
          { err: error, pendingKeys: this.keys },
          'analytics counts not written; kept for the next flush',
        );
        return false;
      }
      // The lock left free between chunks for others' writes (write-gap.ts), the thread too.
      if (start + size < entries.length) await pauseBetweenWrites();
    }
    return true;
  }

  /**
   * Sends countFor()'s marks to the store, a chunk at a time, as one group per run of marks of one
   * audience, day and kind (a request's marks are one run), named by keyed hashes worked out here,
   * off the requests' path. The store admits those no process counted today; their counts join
   * the pending ones (writeCounts). False when the store failed (the rest is kept).
   */
  private async writeMarks(): Promise<boolean> {
    const marks = this.marks;
    this.marks = [];
    const tallyOf = tallyNames(this.onceKeys);
    const sizer = new ChunkSizer(this.chunks);
    for (let start = 0, size = 0; start < marks.length; start += size) {
      const chunk = marks.slice(start, start + sizer.size);
      size = chunk.length;
      try {
        // The keyed hashing is timed with the write: both hold the thread.
        const admitted = await timedWrite(this.clock, sizer, size, () =>
          this.repository.admitOnce(onceGroups(chunk, tallyOf, this.onceKeys, this.audiences)),
        );
        this.putBackEntries(admitted);
        this.failing = false;
      } catch (error) {
        this.failing = true;
        // The unsent marks go back in front of what came meanwhile; a mark sent twice counts once.
        this.marks = marks.slice(start).concat(this.marks);
        if (this.marks.length > this.maxKeys) this.dropOldestMarks();
        this.logger.warn(
          { err: error, pendingKeys: this.pendingKeys },
          'analytics counts not written; kept for the next flush',
        );
        return false;
      }
      if (start + size < marks.length) await pauseBetweenWrites();
    }
    return true;
  }

  /** The oldest marks past maxKeys go (counted in the next warning). */
  private dropOldestMarks(): void {
    const excess = this.marks.length - this.maxKeys;
    if (excess <= 0) return;
    this.marks.splice(0, excess);
    this.dropped.keys += excess;
    this.dropped.events += excess;
  }

  /** Entries added to the counts: a failed chunk's, or the ones the store admitted (admitOnce). */
  private putBackEntries(entries: CountEntries): void {
    for (const { agent_id, week, kind, count } of entries) {
      const into = this.bucket(week, kind);
      const before = into.get(agent_id);
      if (before === undefined) this.keys += 1;
      into.set(agent_id, (before ?? 0) + count);
    }
  }

  /** The failed batch goes back in front (it is older); what was counted meanwhile is added after it. */
  private putBack(batch: Map<string, Bucket>, keys: number): void {
    const newer = this.pending;
    this.pending = batch;
    this.keys = keys;
    for (const { week, kind, counts } of newer.values()) {
      const into = this.bucket(week, kind);
      for (const [id, count] of counts) {
        const before = into.get(id);
        if (before === undefined) this.keys += 1;
        into.set(id, (before ?? 0) + count);
      }
    }
    if (this.keys > this.maxKeys) this.dropOldest();
  }

  private dropOldest(): void {
    for (const [key, { counts }] of this.pending) {
      for (const [id, count] of counts) {
        if (this.keys <= this.maxKeys) return;
        counts.delete(id);
        this.keys -= 1;
        this.dropped.keys += 1;
        this.dropped.events += count;
      }
      this.pending.delete(key);
    }
  }

  /** One warning per flush, not one per dropped count. */
  private reportDropped(): void {
    if (this.dropped.keys === 0) return;
    this.logger.warn(
      { droppedKeys: this.dropped.keys, droppedEvents: this.dropped.events, maxKeys: this.maxKeys },
      'analytics counts dropped: the store has not taken them and too many were waiting',
    );
    this.dropped = { keys: 0, events: 0 };
  }
}
