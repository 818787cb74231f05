export const MIGRATE_USAGE = `Usage: npm run migrate [-- --drop-unused] [--force-settings]

Prepares the configured store and search engine for this version, once per deploy, before its
processes start (they only check): MongoDB's collections and indexes (added, never dropped),
Meilisearch's indexes and settings (sent only when they changed).

  --drop-unused     also drop the MongoDB indexes this version no longer declares; run it once no
                    process of the previous version runs
  --force-settings  send the Meilisearch settings even when the index records them as applied
`;

export type MigrateArgs =
  | { dropUnused: boolean; forceSettings: boolean }
  | { help: string }
  | { help: string; error: true };

export function parseMigrateArgs(argv: string[]): MigrateArgs {
  const args = { dropUnused: false, forceSettings: false };
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') return { help: MIGRATE_USAGE };
    if (arg === '--drop-unused') args.dropUnused = true;
    else if (arg === '--force-settings') args.forceSettings = true;
    else return { help: `Unknown argument: ${arg}\n\n${MIGRATE_USAGE}`, error: true };
  }
  return args;
}
