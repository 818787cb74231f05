import { loadConfigOrExit } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import { openMailer } from '@agentry/platform/mail/factory';
import { openSearchEngine } from '@agentry/platform/search/factory';
import { openStore } from '@agentry/platform/store/factory';
import { resolveSessionSecret } from '@agentry/server/auth/session-secret';
import { sendDigests } from '@agentry/server/commands/saved-searches/send-digests';
import { SearchFreshness } from '@agentry/server/search-service/search-freshness';
import { SearchService } from '@agentry/server/search-service/search-service';
import { createProgressBar } from '../import/progress-bar';

// `npm run digests`: sends the saved searches' digests that are due now, as the API's background
// job does (send-digests.ts), with a progress bar. `-- --all`: every search with alerts on, due or
// not (each tells what changed since its own last digest). `-- --limit N`: at most N searches.
// It searches the index as the API does, and waits for the index to be current first.

const USAGE = 'Usage: npm run digests [-- --all] [-- --limit N]\n';
const FRESH_WAIT_MS = 60_000;

function parseArgs(args: string[]): { all: boolean; limit?: number } | string {
  const parsed: { all: boolean; limit?: number } = { all: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--all') parsed.all = true;
    else if (arg === '--limit') {
      const value = Number(args[++i]);
      if (!Number.isInteger(value) || value < 1) return '--limit takes a whole number from 1';
      parsed.limit = value;
    } else return `Unknown argument: ${arg}`;
  }
  return parsed;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    process.stderr.write(`${parsed}\n${USAGE}`);
    return 2;
  }
  const config = loadConfigOrExit(process.env, 'api');
  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL, 'digests');
  const store = await openStore(config);
  const engine = await openSearchEngine(config, { serve: true, logger });
  const mailer = await openMailer(config, { logger });
  const freshness = new SearchFreshness(engine, store, { logger });
  try {
    await freshness.start();
    const started = Date.now();
    while (freshness.state !== 'current') {
      if (Date.now() - started > FRESH_WAIT_MS) {
        process.stderr.write(
          'The search index is behind the store: run the indexer (npm run indexer) and try again.\n',
        );
        return 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const search = new SearchService(engine, store, logger, { freshness });
    const bar = createProgressBar(process.stderr, 'Digests', 'saved searches');
    const began = performance.now();
    const result = await sendDigests(
      {
        store,
        mailer,
        logger,
        config,
        now: Date.now,
        search: (request) => search.search(request),
        secret: resolveSessionSecret(config.SESSION_SECRET, config.dataDir),
      },
      {
        everyAlerting: parsed.all,
        limit: parsed.limit,
        onProgress: (done, total) => bar?.update(done, total),
      },
    );
    bar?.stop();
    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    process.stdout.write(
      `Looked at ${result.examined} saved searches in ${seconds} s: sent ${result.sent} digests, ${result.quiet} had nothing new, ${result.skipped} skipped (no active employer plan); ${result.searches} searches run.\n`,
    );
    if (result.searchNotReady) {
      process.stderr.write('Search answered from the store: the remaining digests wait for the next run.\n');
      return 1;
    }
    return 0;
  } finally {
    freshness.stop();
    await mailer.close();
    await engine.close();
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
