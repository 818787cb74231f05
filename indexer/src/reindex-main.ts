import { loadConfigOrExit } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import { openSearchEngine } from '@agentry/platform/search/factory';
import { openStore } from '@agentry/platform/store/factory';
import { SingleBar } from 'cli-progress';
import { compareIndex, totalDifferences } from './check';
import { rebuildIndex } from './rebuild';

// `npm run reindex`: rebuilds the whole index beside the live one and swaps (no downtime).
// `npm run reindex -- --check`: prints how the index and the store differ; exits 1 when they do.

const SAMPLE = 20;

function printList(label: string, ids: string[]) {
  if (ids.length === 0) return;
  const more = ids.length > SAMPLE ? ` … and ${ids.length - SAMPLE} more` : '';
  process.stdout.write(`  ${label}: ${ids.slice(0, SAMPLE).join(', ')}${more}\n`);
}

async function main() {
  const args = process.argv.slice(2);
  if (args.some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write('Usage: npm run reindex [-- --check]\n');
    return 0;
  }
  const unknown = args.filter((arg) => arg !== '--check');
  if (unknown.length > 0) {
    process.stderr.write(`Unknown argument: ${unknown[0]}\nUsage: npm run reindex [-- --check]\n`);
    return 2;
  }
  const config = loadConfigOrExit(process.env, 'indexer');
  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL, 'reindex');
  const store = await openStore(config);
  const engine = await openSearchEngine(config, { serve: false, logger });
  try {
    if (args.includes('--check')) {
      const differences = await compareIndex(store, engine);
      const total = totalDifferences(differences);
      process.stdout.write(
        `${total} differences between the ${engine.kind} index and the ${store.kind} store\n`,
      );
      printList('missing from the index', differences.missing);
      printList('in the index but not live in the store', differences.extra);
      printList('out of date in the index', differences.stale);
      if (differences.pendingChanges > 0) {
        process.stdout.write(`  ${differences.pendingChanges} changes not yet applied by the indexer\n`);
      }
      return total === 0 ? 0 : 1;
    }
    const started = performance.now();
    const bar = new SingleBar({
      format: 'Reindexing [{bar}] {percentage}% | {value}/{total} agents | {eta_formatted} left',
      hideCursor: true,
      noTTYOutput: false,
      stream: process.stderr,
    });
    let barStarted = false;
    const result = await rebuildIndex(store, engine, ({ done, total }) => {
      if (!process.stderr.isTTY) return;
      if (!barStarted) {
        bar.start(total, 0);
        barStarted = true;
      }
      bar.setTotal(total);
      bar.update(done);
    });
    if (barStarted) bar.stop();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Reindexed ${result.documents} agents into the ${engine.kind} index in ${seconds} s (change log at ${result.checkpoint}).\n`,
    );
    return 0;
  } finally {
    await engine.close();
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`Reindex failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
