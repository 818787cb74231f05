import { loadConfigOrExit } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import { migrateSearch } from '@agentry/platform/search/factory';
import { migrateStore } from '@agentry/platform/store/factory';
import { parseMigrateArgs } from './parse-args';

// `npm run migrate`: what a deploy does once, before the new version's processes start (compose
// runs it as a one-off service the API and the indexer wait for): MongoDB's collections and indexes,
// Meilisearch's indexes and settings. The processes only check them at start. With the embedded
// defaults there is nothing to do (SQLite migrates itself, the embedded engine's settings are code).

async function main(): Promise<number> {
  const args = parseMigrateArgs(process.argv.slice(2));
  if ('help' in args) {
    process.stdout.write(args.help);
    return 'error' in args ? 1 : 0;
  }
  // The indexer's role: MEILI_API_KEY writes settings; the master key is refused (config/role.ts).
  const config = loadConfigOrExit(process.env, 'indexer');
  const logger = createLogger(config.LOG_LEVEL, 'migrate');
  const store = await migrateStore(config, { dropUnused: args.dropUnused });
  if (config.store === 'mongodb') {
    process.stdout.write(
      `MongoDB: ${store.created.length} index${store.created.length === 1 ? '' : 'es'} created${
        args.dropUnused ? `, ${store.dropped.length} dropped` : ''
      }.\n`,
    );
    for (const line of store.created) process.stdout.write(`  + ${line}\n`);
    for (const line of store.dropped) process.stdout.write(`  - ${line}\n`);
    if (store.onceCounts && store.onceCounts.read > 0)
      process.stdout.write(
        `MongoDB: provider analytics' once-a-day rows carried into agent_stats_seen: ${store.onceCounts.read} read, ${store.onceCounts.carried} tallies written.\n`,
      );
  } else process.stdout.write('SQLite: migrates itself when a process opens it; nothing to do.\n');
  const search = await migrateSearch(config, { force: args.forceSettings, logger });
  if (search.engine === 'meilisearch')
    process.stdout.write(
      `Meilisearch: index ${config.MEILI_INDEX} ${search.applied ? 'settings applied' : 'settings already applied'} (${search.fingerprint}).\n`,
    );
  else process.stdout.write('Embedded search: its settings are in the code; nothing to do.\n');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`migrate failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
