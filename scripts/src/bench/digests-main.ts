import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { FACET_FIELDS } from '@agentry/domain/search-fields';
import { rebuildIndex } from '@agentry/indexer/rebuild';
import { createLogger } from '@agentry/platform/log/logger';
import type { Mailer } from '@agentry/platform/mail/port';
import { EmbeddedSearchEngine } from '@agentry/platform/search/embedded/embedded-engine';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { sendDigests } from '@agentry/server/commands/saved-searches/send-digests';
import { SearchService } from '@agentry/server/search/search-service';
import { seededRandom, syntheticAgents, useCaseQueries } from './synthetic-agents';

// `npm run bench:digests [-- --agents 100000 --searches 10000 --changed 1000]`: the cost of the
// saved searches' digests (issue 28) at a catalog and a number of saved searches, in this process:
// the embedded store and engine in a temporary directory, --agents synthetic agents, --searches
// saved searches with a daily digest due (use-case queries; a third with a category filter, a
// tenth with a price bound; 5 per employer), then --changed agents changed after the searches were
// saved (half of them new), indexed, and one digest run over every due search, as the API's job
// runs it (one search at a time, a turn of the event loop between searches). The mailer counts the
// e-mails instead of writing them. Reported: the run's time, per saved search and per search run,
// e-mails, and the longest the run held the event loop (what a request arriving meanwhile waits at
// most). The default run (20,000 agents, 2,000 searches) takes about a minute; the figures at
// 100,000 and 10,000 are in BENCHMARKS.md. Shared machine: the load average is printed beside them.

const { values: args } = parseArgs({
  options: {
    agents: { type: 'string', default: '20000' },
    searches: { type: 'string', default: '2000' },
    changed: { type: 'string', default: '' },
  },
});
const AGENTS = Number(args.agents);
const SEARCHES = Number(args.searches);
const CHANGED = args.changed ? Number(args.changed) : Math.max(10, Math.round(AGENTS / 100));
const PER_EMPLOYER = 5;
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

    // Saved searches, due now, saved before the changes.
    began = performance.now();
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
          last_digest_at: new Date().toISOString(),
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
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const loadBefore = loadAverage();
    delay.enable();
    began = performance.now();
    const result = await sendDigests(
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
    );
    const elapsed = performance.now() - began;
    delay.disable();
    log(
      `digest run                      ${seconds(elapsed)} (load before ${loadBefore}, after ${loadAverage()})`,
    );
    log(`  saved searches looked at      ${result.examined}`);
    log(`  searches run (deduplicated)   ${result.searches}`);
    log(
      `  e-mails                       ${result.sent} (${result.quiet} with nothing new, ${result.skipped} skipped)`,
    );
    log(`  per saved search              ${(elapsed / Math.max(1, result.examined)).toFixed(2)} ms`);
    log(`  per search run                ${(elapsed / Math.max(1, result.searches)).toFixed(2)} ms`);
    log(
      `  event loop held at most       ${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, mean ${(delay.mean / 1e6).toFixed(1)} ms)`,
    );
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
