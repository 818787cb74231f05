import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { FACET_FIELDS } from '@agentry/domain/search-fields';
import { seededRandom } from '@agentry/domain/testing/seeded-random';
import { rebuildIndex } from '@agentry/indexer/rebuild';
import { loadConfig } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import type { Mailer } from '@agentry/platform/mail/port';
import { EmbeddedSearchEngine } from '@agentry/platform/search/embedded/embedded-engine';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { type DigestRunResult, sendDigests } from '@agentry/server/commands/saved-searches/send-digests';
import { DigestWorker } from '@agentry/server/jobs/digest-worker';
import { SearchService } from '@agentry/server/search-service/search-service';
import Database from 'better-sqlite3';
import { syntheticAgents, useCaseQueries } from './synthetic-agents';

// `npm run bench:digests [-- --agents 100000 --searches 10000 --changed 1000 --where both]`: the
// cost of the saved searches' digests (issue 28) at a catalog and a number of saved searches: the
// embedded store and engine in a temporary directory, --agents synthetic agents, --searches saved
// searches with a daily digest due (use-case queries; a third with a category filter, a tenth with
// a price bound; 5 per employer), then --changed agents changed after the searches were saved (half
// of them new), indexed, and one digest run over every due search, as the API's job runs it:
//
// - `worker` (DIGESTS=worker, the default): on the digest worker thread (server/src/jobs/
//   digest-worker.ts), which opens its own store, index and outbox from the same DATA_DIR;
// - `inprocess` (DIGESTS=inprocess): on this thread, one search at a time with a turn of the event
//   loop between searches (the in-process run counts e-mails instead of writing them).
//
// This process plays the API: its main thread holds a serving engine, and what it reports for each
// run is the longest this thread's event loop was held meanwhile (monitorEventLoopDelay: what a
// visitor's request arriving then waits at most), with the run's time, per saved search and per
// search run, and the e-mails. `--where both` (the default) runs the worker first, then puts every
// search back as it was and runs in process: the two figures are one same-run A/B. The default run
// (20,000 agents, 2,000 searches, both) takes about three minutes on a busy machine; the figures at
// 100,000 and 10,000 are in BENCHMARKS.md. The load average is printed beside them.

const { values: args } = parseArgs({
  options: {
    agents: { type: 'string', default: '20000' },
    searches: { type: 'string', default: '2000' },
    changed: { type: 'string', default: '' },
    where: { type: 'string', default: 'both' },
  },
});
const WHERE = args.where as 'both' | 'worker' | 'inprocess';
if (!['both', 'worker', 'inprocess'].includes(WHERE))
  throw new Error('--where takes both, worker or inprocess');
const AGENTS = Number(args.agents);
const SEARCHES = Number(args.searches);
const CHANGED = args.changed ? Number(args.changed) : Math.max(10, Math.round(AGENTS / 100));
const PER_EMPLOYER = 5;
/** How long the serving thread is watched with no digest running, for the machine's floor. */
const IDLE_MS = 15_000;
const DAY = 24 * 60 * 60 * 1000;

const log = (line: string) => process.stdout.write(`${line}\n`);
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A mailer that counts: the cost measured is the digest's, not the disk's. */
function countingMailer(): Mailer & { sent: number } {
  return {
    kind: 'outbox',
    sent: 0,
    async send() {
      this.sent += 1;
      return { messageId: `<bench-${this.sent}@bench>` };
    },
    async verify() {},
    async close() {},
  };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-bench-digests-'));
  const store = openSqliteStore(path.join(dir, 'agentry.db'));
  const engine = await EmbeddedSearchEngine.open(path.join(dir, 'search.db'), {
    serve: true,
    snapshots: false,
    inThreadLimit: Number.MAX_SAFE_INTEGER,
    pollMs: 60_000,
  });
  const logger = createLogger('silent', 'bench');
  try {
    log(
      `digests: ${AGENTS} agents, ${SEARCHES} saved searches, ${CHANGED} agents changed; load ${loadAverage()}`,
    );
    let began = performance.now();
    const catalog = [...syntheticAgents(AGENTS)];
    for (let i = 0; i < catalog.length; i += 5000) await store.agents.importMany(catalog.slice(i, i + 5000));
    log(`import                          ${seconds(performance.now() - began)}`);

    // Saved searches, due now, saved before the changes (at savedAt: --where both puts them back).
    began = performance.now();
    const savedAt = new Date().toISOString();
    const random = seededRandom(11);
    const queries = useCaseQueries(SEARCHES, 13);
    const categories = [...new Set(catalog.map((agent) => agent.category))];
    let employerId = '';
    for (let i = 0; i < SEARCHES; i++) {
      if (i % PER_EMPLOYER === 0) {
        const employer = await store.users.create({
          email: `employer-${i}@bench.example`,
          full_name: 'Bench Employer',
          organization: 'Bench',
          user_type: 'employer',
          password_hash: 'x',
          subscription_status: 'active',
        });
        employerId = employer.id;
      }
      const filters: Partial<Record<(typeof FACET_FIELDS)[number], string[]>> = {};
      if (random() < 1 / 3) filters.category = [categories[Math.floor(random() * categories.length)]!];
      await store.savedSearches.create(
        {
          owner_id: employerId,
          created_by: employerId,
          name: `Search ${i}`,
          search: {
            query: queries[i]!,
            filters,
            price_min: null,
            price_max: random() < 0.1 ? 50 : null,
            starting_price_min: null,
            starting_price_max: null,
            sort: null,
          },
          alert: 'daily',
          last_digest_at: savedAt,
          next_digest_at: new Date(Date.now() - 1000).toISOString(),
        },
        25,
      );
    }
    log(`saved searches                  ${seconds(performance.now() - began)}`);

    // Agents changed after the searches were saved: half edited, half new.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const ids: string[] = [];
    for await (const batch of store.agents.scan(1000)) {
      ids.push(...batch.map((agent) => agent.id));
      if (ids.length >= AGENTS) break;
    }
    const edited = Math.floor(CHANGED / 2);
    for (let i = 0; i < edited; i += 1000) {
      const step = Math.max(1, Math.floor(ids.length / edited));
      const picked = Array.from(
        { length: Math.min(1000, edited - i) },
        (_, k) => ids[((i + k) * step) % ids.length]!,
      );
      await store.agents.touch(picked);
    }
    await store.agents.importMany(
      [...syntheticAgents(CHANGED - edited, 99)].map((agent, i) => ({
        ...agent,
        name: `${agent.name} new${i}`,
      })),
    );

    began = performance.now();
    await rebuildIndex(store, engine);
    log(`index build                     ${seconds(performance.now() - began)}`);

    const mailer = countingMailer();
    const search = new SearchService(engine, store, logger);
    // What the worker opens: the same DATA_DIR (agentry.db, search.db; its outbox there too).
    const config = loadConfig({ DATA_DIR: dir, SEED_DEMO: 'false', PORT: '0', LOG_LEVEL: 'silent' });

    /** Runs `work` while watching this (the serving) thread's event loop; prints the figures. */
    const measure = async (label: string, work: () => Promise<DigestRunResult>) => {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      const loadBefore = loadAverage();
      delay.enable();
      const began = performance.now();
      const result = await work();
      const elapsed = performance.now() - began;
      delay.disable();
      log(`${label.padEnd(32)}${seconds(elapsed)} (load before ${loadBefore}, after ${loadAverage()})`);
      log(`  saved searches looked at      ${result.examined}`);
      log(`  searches run (deduplicated)   ${result.searches}`);
      log(
        `  e-mails                       ${result.sent} (${result.quiet} with nothing new, ${result.skipped} skipped)`,
      );
      log(`  per saved search              ${(elapsed / Math.max(1, result.examined)).toFixed(2)} ms`);
      log(`  per search run                ${(elapsed / Math.max(1, result.searches)).toFixed(2)} ms`);
      log(
        `  serving loop held at most     ${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, mean ${(delay.mean / 1e6).toFixed(1)} ms)`,
      );
      return result;
    };

    // The floor on this machine now: the same thread with no digest running (on a loaded machine the
    // thread also waits for a core, which the runs' figures include too).
    {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      delay.disable();
      log(
        `no digest running (${seconds(IDLE_MS)})     serving loop held at most ${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, mean ${(delay.mean / 1e6).toFixed(1)} ms), load ${loadAverage()}`,
      );
    }
    if (WHERE !== 'inprocess') {
      const worker = new DigestWorker(config, 'bench', logger);
      try {
        await measure('digest run on the worker thread', async () => {
          // The thread loads its own index first (searchNotReady until it is current): its turns
          // are repeated until one ran, all of it counted.
          let total: DigestRunResult;
          do total = await worker.run(Number.MAX_SAFE_INTEGER);
          while (total.searchNotReady);
          return total;
        });
      } finally {
        await worker.stop();
      }
    }
    if (WHERE === 'both') {
      // Every search due again, as it was before the run above.
      const db = new Database(path.join(dir, 'agentry.db'));
      db.prepare('UPDATE saved_searches SET last_digest_at = ?, next_digest_at = ?').run(
        savedAt,
        new Date(Date.now() - 1000).toISOString(),
      );
      db.close();
    }
    if (WHERE !== 'worker') {
      await measure('digest run on this thread', () =>
        sendDigests(
          {
            store,
            mailer,
            logger,
            config: { publicUrl: 'https://rolecall.example' },
            now: () => Date.now(),
            search: (request) => search.search(request),
            secret: 'bench',
          },
          {},
        ),
      );
    }
    const nextDay = await sendDigests(
      {
        store,
        mailer,
        logger,
        config: { publicUrl: 'https://rolecall.example' },
        now: () => Date.now() + DAY + 1000,
        search: (request) => search.search(request),
        secret: 'bench',
      },
      {},
    );
    log(
      `next day, nothing changed       ${nextDay.examined} looked at, ${nextDay.searches} searches run, ${nextDay.sent} e-mails`,
    );
  } finally {
    await engine.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
