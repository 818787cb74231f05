import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { BatchedSharedLimiter } from '@agentry/platform/rate-limit/batched-shared-limiter';
import { RateLimitStoreHealth } from '@agentry/platform/rate-limit/store-health';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import pino from 'pino';
import { numberOption } from '../cli/options';

// What a visitor's first read of a rate-limit window costs a worker (issues 21 and 24): the shared
// reads limiter with a client's first hit asking the store at once (a SQLite transaction per new
// visitor and process, as before) against counting it here and sending it with the next batch
// (firstHit 'local', now). Both run in this one process on one store file, in alternating rounds
// (A B B A …) so that both meet the same machine load. A round is one simulated second of one
// worker: `--visitors` new visitors of `--hits` reads each, and a batch every RATE_LIMIT_SYNC_MS
// (250 ms: four a second), as the API sends them. Prints the event loop's busy time per simulated
// second each (a worker's share), the ratio, and the time per first read. The defaults are one
// worker's share of bench:load's visitor mix at 300 req/s: 150 reads a second from 5,000 addresses,
// so most reads are a first of their window at that worker (BENCHMARKS.md).
//   npm run bench:first-reads -- --rounds 12 --visitors 80 --hits 2 --other-writes 5 [--db DATA_DIR/agentry.db]
// --db copies that store file (e.g. a 100,000-agent one) to a temporary folder first. With
// `--other-writes 5`, a thread on its own connection holds the write lock 5 ms in every 20, as the
// other worker's writes (sessions, rate-limit batches, analytics) do (the default; 0 for none): a
// first read that meets the lock waits for it on the event loop (busy_timeout) and then backs off.

const SYNC_PER_SECOND = 4;
type Mode = 'store' | 'local';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const rounds = numberOption(argv, 'rounds', 12);
  const visitors = numberOption(argv, 'visitors', 80);
  const hits = numberOption(argv, 'hits', 2);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-first-reads-'));
  const dbAt = argv.indexOf('--db');
  const file = path.join(dir, 'agentry.db');
  if (dbAt >= 0) fs.copyFileSync(argv[dbAt + 1]!, file);
  const store = openSqliteStore(file);
  const otherWrites = numberOption(argv, 'other-writes', 5);
  const other =
    otherWrites > 0
      ? new Worker(
          `const Database = require('better-sqlite3');
           const db = new Database(${JSON.stringify(file)});
           db.pragma('busy_timeout = 5000');
           db.exec('CREATE TABLE IF NOT EXISTS bench_other (n INTEGER)');
           const insert = db.prepare('INSERT INTO bench_other (n) VALUES (?)');
           const tick = () => {
             db.exec('BEGIN IMMEDIATE');
             const until = performance.now() + ${otherWrites};
             while (performance.now() < until) insert.run(1);
             db.exec('COMMIT');
             setTimeout(tick, ${Math.max(1, 20 - otherWrites)});
           };
           tick();`,
          { eval: true },
        )
      : null;
  const health = new RateLimitStoreHealth(pino({ level: 'silent' }));
  // A minute's window as the reads limiter's, its production limit; syncMs long so only the
  // round's own flushes send batches.
  const limiterOf = (firstHit: Mode) =>
    new BatchedSharedLimiter({
      name: `reads-${firstHit}`,
      limit: 600,
      windowMs: 60_000,
      store: store.rateLimits,
      health,
      syncMs: 3_600_000,
      firstHit,
    });
  const limiters = { store: limiterOf('store'), local: limiterOf('local') };
  let next = 0;

  /**
   * One simulated second: the visitors' reads, a batch after each quarter. Answers how long the
   * event loop was busy meanwhile (the store calls' transactions and their synchronous busy waits;
   * the backoff between tries leaves it free) and the CPU time used.
   */
  const round = async (mode: Mode): Promise<{ busy: number; cpu: number }> => {
    const limiter = limiters[mode];
    const cpuFrom = process.cpuUsage();
    const loopFrom = performance.eventLoopUtilization();
    for (let quarter = 0; quarter < SYNC_PER_SECOND; quarter++) {
      const arriving =
        Math.round(((quarter + 1) * visitors) / SYNC_PER_SECOND) -
        Math.round((quarter * visitors) / SYNC_PER_SECOND);
      for (let v = 0; v < arriving; v++) {
        const key = `198.51.${(next >> 8) & 255}.${next & 255}-${next}`;
        next += 1;
        for (let hit = 0; hit < hits; hit++) await limiter.hit(key);
      }
      await limiter.flush();
    }
    const cpu = process.cpuUsage(cpuFrom);
    return {
      busy: performance.eventLoopUtilization(loopFrom).active,
      cpu: (cpu.user + cpu.system) / 1000,
    };
  };

  for (const mode of ['store', 'local'] as const) await round(mode); // warm-up
  const spent: Record<Mode, Array<{ busy: number; cpu: number }>> = { store: [], local: [] };
  for (let i = 0; i < rounds; i++) {
    const order: Mode[] = i % 2 === 0 ? ['store', 'local'] : ['local', 'store'];
    for (const mode of order) spent[mode].push(await round(mode));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const ms = (value: number) => value.toFixed(2);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  log(
    `first reads: ${rounds} rounds each, ${visitors} new visitors of ${hits} reads a simulated second, a batch every ${1000 / SYNC_PER_SECOND} ms${otherWrites ? `, another connection writing ${otherWrites} ms in every 20` : ''}; load ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  for (const mode of ['store', 'local'] as const) {
    const busy = spent[mode].map((round) => round.busy);
    const cpu = spent[mode].map((round) => round.cpu);
    log(
      `  first hit ${mode === 'store' ? 'asks the store  ' : 'counted locally '}: event loop busy ${ms(median(busy))} ms per simulated second (median; ${ms(Math.min(...busy))}–${ms(Math.max(...busy))}) = ${(median(busy) / 10).toFixed(2)} % of a worker; CPU ${ms(median(cpu))} ms`,
    );
  }
  const ratios = spent.local.map((round, i) => round.busy / spent.store[i]!.busy);
  const saved =
    median(spent.store.map((round) => round.busy)) - median(spent.local.map((round) => round.busy));
  log(
    `  local / store, event loop busy: median ${median(ratios).toFixed(2)} (pairs ${ratios.map((r) => r.toFixed(2)).join(' ')}); per first read saved ${((saved * 1000) / visitors).toFixed(0)} µs`,
  );
  await other?.terminate();
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
