import fs from 'node:fs';
import path from 'node:path';
import { PROCESS_ENTRIES, REPO_ROOT, workerEntries } from './entries';

describe('what npm run build compiles', () => {
  it('When a workspace has *-worker-entry.ts files, then each becomes a bundle under its own file name', () => {
    expect(workerEntries()).toEqual({
      'digest-worker-entry': 'server/src/jobs/digest-worker-entry.ts',
      'parse-upload-worker-entry': 'platform/src/spreadsheet/parse-upload-worker-entry.ts',
      'plain-matching-worker-entry': 'platform/src/store/sqlite/plain-matching-worker-entry.ts',
      'rebuild-worker-entry': 'indexer/src/rebuild-worker-entry.ts',
      'snapshot-read-worker-entry': 'platform/src/search/embedded/snapshot/snapshot-read-worker-entry.ts',
      'snapshot-worker-entry': 'platform/src/search/embedded/snapshot/snapshot-worker-entry.ts',
      'wal-checkpoint-worker-entry': 'platform/src/store/sqlite/wal-checkpoint-worker-entry.ts',
    });
  });

  it('When package.json runs a CLI compiled, then the build has an entry of that name', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const compiled = Object.values(scripts).flatMap((command) => {
      const match = /run-compiled\.cjs (\S+)/.exec(command);
      return match ? [match[1]!] : [];
    });
    expect(compiled.sort()).toEqual([
      'admin-create',
      'admin-totp',
      'digests',
      'import',
      'indexer',
      'meili-keys',
      'migrate',
      'reindex',
    ]);
    for (const name of compiled)
      expect(fs.existsSync(path.join(REPO_ROOT, PROCESS_ENTRIES[name]!))).toBe(true);
  });
});
