import { WEEK_MS, weekStart } from '@agentry/domain/weeks';
import { PeriodicFlush } from '@agentry/platform/concurrency/periodic-flush';
import type { Logger } from '@agentry/platform/log/logger';
import type {
  AgentEventKind,
  AgentStatsRepository,
  AgentWeekCounts,
} from '@agentry/platform/store/employer-port';
import { OncePerAudience, type OncePerAudienceOptions } from './once-per-audience';

// Provider analytics are counted here, in memory, and written to the store in one batch every
// FLUSH_EVERY_MS: a search adds one to a map entry per hit and never waits for the store. A count
// is an agent, a week and a kind, nothing else: no visitor, address or account is kept with it.
// Requests count through countFor(), once per audience (person or client), agent, kind and day
// (once-per-audience.ts), so that neither anonymous nor repeated calls move the numbers.

export const FLUSH_EVERY_MS = 10_000;
/**
 * A flush starts early once this many distinct entries wait: with SQLite a write holds the event
 * loop (about 20 ms for 10,000 entries, 130 ms for 50,000, measured), so batches are kept small
 * under heavy traffic. Still one store call per flush.
 */
export const FLUSH_AT_KEYS = 10_000;
/**
 * Entries per store write. A SQLite transaction of 10,000 took 18–57 ms, and over 100 ms on a
 * loaded machine (the no-stall test caught it): 2,000 keep each write near 10 ms.
 */
export const WRITE_CHUNK = 2_000;
/** Distinct agent-week-kind entries held while the store does not take them; the oldest go first. */
export const MAX_PENDING_KEYS = 200_000;

interface Bucket {
  week: string;
  kind: AgentEventKind;
  /** Count per agent id, in the order the agents were first counted. */
  counts: Map<string, number>;
}

export interface AgentEventCounterOptions {
  repository: Pick<AgentStatsRepository, 'increment'>;
  logger: Logger;
  now?: () => number;
  maxKeys?: number;
  flushEveryMs?: number;
  flushAtKeys?: number;
  /** Entries per store write (WRITE_CHUNK by default). */
  writeChunk?: number;
  /** The de-duplication's bounds (once-per-audience.ts' defaults otherwise). */
  audiences?: Omit<OncePerAudienceOptions, 'now' | 'logger'>;
}

export class AgentEventCounter {
  private readonly repository: Pick<AgentStatsRepository, 'increment'>;
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly maxKeys: number;
  private readonly flushAtKeys: number;
  private readonly writeChunk: number;
  private readonly audiences: OncePerAudience;
  /** Keyed by week and kind; insertion order is age order (a failed batch is put back in front). */
  private pending = new Map<string, Bucket>();
  private keys = 0;
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
    this.writeChunk = options.writeChunk ?? WRITE_CHUNK;
    this.audiences = new OncePerAudience({ now: this.now, logger: this.logger, ...options.audiences });
  }

  /**
   * What a request counts: each agent of `agentIds` once per `audience` (analytics/audience.ts),
   * kind and UTC day, within the audience's daily cap. O(ids), no I/O.
   */
  countFor(audience: string, kind: AgentEventKind, agentIds: Iterable<string>): void {
    const admitted = this.audiences.admit(audience, kind, agentIds);
    if (admitted.length > 0) this.count(kind, admitted);
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

  /** Distinct agent-week-kind entries not yet written. */
  get pendingKeys(): number {
    return this.keys;
  }

  /** What this process counted and has not written yet, for these agents, from `sinceWeek` on. */
  pendingFor(agentIds: readonly string[], sinceWeek: string): AgentWeekCounts[] {
    const rows = new Map<string, AgentWeekCounts>();
    for (const { week, kind, counts } of this.pending.values()) {
      if (week < sinceWeek) continue;
      for (const id of agentIds) {
        const count = counts.get(id);
        if (count === undefined) continue;
        const key = `${id}\u0000${week}`;
        let row = rows.get(key);
        if (!row) {
          row = { agent_id: id, week, appeared: 0, opened: 0, clicked: 0, compared: 0, contacted: 0 };
          rows.set(key, row);
        }
        row[kind] += count;
      }
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
    if (this.keys === 0) return;
    const batch = this.pending;
    const keys = this.keys;
    this.pending = new Map();
    this.keys = 0;
    const entries: Parameters<AgentStatsRepository['increment']>[0] = [];
    for (const { week, kind, counts } of batch.values()) {
      for (const [agent_id, count] of counts) entries.push({ agent_id, week, kind, count });
    }
    // A chunk at a time, with a turn of the event loop between: after a store outage up to
    // MAX_PENDING_KEYS wait, and one SQLite transaction of them all held the thread for 0.7 s.
    for (let start = 0; start < entries.length; start += this.writeChunk) {
      try {
        await this.repository.increment(entries.slice(start, start + this.writeChunk));
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
        return;
      }
      if (start + this.writeChunk < entries.length) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Entries a failed chunk left unwritten, added back to the counts. */
  private putBackEntries(entries: Parameters<AgentStatsRepository['increment']>[0]): void {
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
