import { loadConfigOrExit } from '@agentry/platform/config/env';
import { createMeiliKeys } from '@agentry/platform/search/factory';

// `npm run meili:keys [-- --rotate]`: with MEILI_HOST and MEILI_MASTER_KEY, makes (or finds) the
// indexer's key and the API's search-only key and prints them as .env lines on stdout, so that
//   docker compose run --rm -T meili-keys >> .env
// stores them. Everything else it says goes to stderr. The master key is used here and nowhere
// else: the API and the indexer refuse it (platform/src/config/role.ts).

const MEILI_KEYS_USAGE = `Usage: npm run meili:keys [-- --rotate]

Creates the two Meilisearch keys the processes use, with MEILI_MASTER_KEY (needs MEILI_HOST), and
prints them as MEILI_API_KEY=... (the indexer's) and MEILI_SEARCH_KEY=... (the API's). Keys that
already exist with the right scope are printed again, not made twice.

  --rotate  make both keys anew and delete the old ones; give the new values to the API and the
            indexer (until then the API answers searches from the store and the indexer waits)
`;

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write(MEILI_KEYS_USAGE);
    return 0;
  }
  const unknown = argv.find((arg) => arg !== '--rotate');
  if (unknown) {
    process.stderr.write(`Unknown argument: ${unknown}\n\n${MEILI_KEYS_USAGE}`);
    return 1;
  }
  const config = loadConfigOrExit(process.env, 'meili-keys');
  const keys = await createMeiliKeys(config, { rotate: argv.includes('--rotate') });
  process.stdout.write(`MEILI_API_KEY=${keys.apiKey}\nMEILI_SEARCH_KEY=${keys.searchKey}\n`);
  process.stderr.write(
    keys.created.length === 0
      ? `Both keys of index ${config.MEILI_INDEX} existed with the right scope.\n`
      : `Created ${keys.created.join(' and ')}${keys.replaced.length ? `; deleted ${keys.replaced.join(', ')}` : ''}.\n`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`meili:keys failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
