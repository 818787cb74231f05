import fs from 'node:fs';
import path from 'node:path';

// What `npm run build` compiles: each production process and CLI, and each worker-thread entry, as
// one bundle of its own in dist/ (flat, so that a bundle finds its workers beside it). Benchmarks,
// evaluation and the fuzzer stay on tsx: they run from a checkout, never in the image.

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const DIST = path.join(REPO_ROOT, 'dist');

/** Output name (dist/<name>.js) → source file, relative to the repository. */
export const PROCESS_ENTRIES: Record<string, string> = {
  api: 'server/src/main.ts',
  // What each API worker runs (main.ts forks it), and the API when it runs as one process.
  'api-serve': 'server/src/api-serve.ts',
  indexer: 'indexer/src/main.ts',
  reindex: 'indexer/src/reindex-main.ts',
  import: 'scripts/src/import/main.ts',
  'admin-create': 'scripts/src/admin/create-main.ts',
  'admin-totp': 'scripts/src/admin/totp-main.ts',
  migrate: 'scripts/src/migrate/main.ts',
  'meili-keys': 'scripts/src/meili-keys/main.ts',
  digests: 'scripts/src/digests/main.ts',
};

/** The API's supervisor (server/src/main.ts): bundled without npm packages (build-main.ts). */
export const SUPERVISOR_ENTRY = 'api';

/** The workspaces whose sources are bundled (inlined) rather than required at run time. */
export const WORKSPACES = ['domain', 'platform', 'server', 'indexer', 'scripts'];

const WORKER_ENTRY = /-worker-entry\.ts$/;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Every `*-worker-entry.ts` of the workspaces, found by name so that a new worker cannot be left
 * out: it compiles to dist/<its file name>.js, where platform/src/worker/worker-script.ts looks.
 */
export function workerEntries(root = REPO_ROOT): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const workspace of WORKSPACES) {
    for (const file of filesUnder(path.join(root, workspace, 'src'))) {
      if (!WORKER_ENTRY.test(file)) continue;
      const name = path.basename(file, '.ts');
      if (entries[name]) throw new Error(`two worker entries named ${name}: ${entries[name]} and ${file}`);
      entries[name] = path.relative(root, file);
    }
  }
  return entries;
}

export function allEntries(root = REPO_ROOT): Record<string, string> {
  return { ...PROCESS_ENTRIES, ...workerEntries(root) };
}
