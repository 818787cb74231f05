import fs from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from '@agentry/platform/config/env';
import { importAgents } from '@agentry/platform/import/import-agents';
import { readRows } from '@agentry/platform/import/read-rows';
import { openStore } from '@agentry/platform/store/factory';
import { retireDemoCatalog } from '@agentry/server/seed/retire-demo';
import { formatSummary } from './format-summary';
import { indexAfterImport } from './index-import';
import { parseImportArgs, USAGE } from './parse-args';
import { createProgressBar } from './progress-bar';
import { readImportFile } from './read-import-file';

// `npm run import -- FILE [--report REPORT.json] [--keep-demo]`: exit 0 when the file was imported (skipped rows
// included), 1 when it could not be, 2 on a usage mistake.

async function main(argv: readonly string[]): Promise<number> {
  const args = parseImportArgs(argv);
  if (args.kind === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (args.kind === 'invalid') {
    process.stderr.write(`${args.message}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfigOrExit(process.env, 'indexer');
  // npm runs scripts from the repository root; INIT_CWD is where the person typed the command.
  const fromShell = (name: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), name);
  const file = fromShell(args.file);
  try {
    // The file is read before the store opens so that a bad file leaves no trace in DATA_DIR.
    const source = readRows(readImportFile(file), file);
    const store = await openStore(config);
    const bar = createProgressBar(process.stderr);
    let result: Awaited<ReturnType<typeof importAgents>>;
    let indexed: { documents: number } | null = null;
    let retired = 0;
    try {
      try {
        result = await importAgents(store, source.rows, {
          rowNumbers: source.rowNumbers,
          onProgress: (done, total) => bar?.update(done, total),
        });
      } finally {
        bar?.stop();
      }
      // A real catalog arrived: the seeded demo agents leave the directory (before indexing, so
      // the index is built without them).
      if (result.added > 0 && !args.keepDemo) retired = await retireDemoCatalog(store, source.rows);
      const indexBar = createProgressBar(process.stderr, 'Indexing ', 'agents');
      try {
        indexed = await indexAfterImport(config, store, (done, total) => indexBar?.update(done, total));
      } catch (error) {
        // The rows are in the store either way: the API's indexer rebuilds the index when it starts.
        process.stderr.write(
          `Warning: the search index could not be rebuilt (${(error as Error).message}); it will be at the next start.\n`,
        );
      } finally {
        indexBar?.stop();
      }
    } finally {
      await store.close();
    }
    process.stdout.write(formatSummary(result));
    if (retired > 0)
      process.stdout.write(
        `Took the ${retired} demo agents off the directory (marked removed; --keep-demo keeps them listed).\n`,
      );
    if (indexed) process.stdout.write(`Search index rebuilt: ${indexed.documents} agents searchable.\n`);
    if (args.report) {
      fs.writeFileSync(fromShell(args.report), `${JSON.stringify({ file, ...result }, null, 2)}\n`);
      process.stdout.write(`Full report written to ${args.report}\n`);
    }
    return 0;
  } catch (error) {
    process.stderr.write(`Error: ${(error as Error).message}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
