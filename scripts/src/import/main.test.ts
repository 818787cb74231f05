import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@agentry/platform/log/logger';
import { sqliteFileOf } from '@agentry/platform/store/factory';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { DEMO_CATALOG_SIZE } from '@agentry/server/seed/retire-demo';
import { seedDemoCatalog } from '@agentry/server/seed/seed-demo';

// Runs the real command as a person would, against a fresh SQLite store in a temp DATA_DIR: `npm run
// import` runs dist/import.js (scripts/bin/run-compiled.cjs), built first here when stale. Through
// tsx each run compiled the CLI's ~250 modules first: 3-4 s of CPU a run, 6 runs.
const ROOT = path.resolve(__dirname, '../../..');
const { compiledEntryArgs } = require('../../bin/compiled-build.cjs') as {
  compiledEntryArgs: (name: string) => string[];
};

const CSV = [
  'Name,Provider,Category,Role,Description,Cost,Address,Source',
  'Scout,Acme,Sales,Sales Development Representative,Finds and qualifies leads.,Free,scout.example,list',
  'Atlas,Globex,Operations,Planner,"Plans routes, shifts and stock.",$20/month,https://atlas.example,list',
  ',Acme,Sales,SDR,No name here.,Free,not a url,list',
  'SCOUT,acme,Sales,SDR,The same agent again.,Free,scout.example,list',
].join('\n');

jest.setTimeout(60_000);

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-import-cli-'));
  fs.writeFileSync(path.join(dir, 'agents.csv'), CSV);
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function runImport(...args: string[]) {
  return runImportInto(path.join(dir, 'data'), ...args);
}

function runImportInto(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.MONGODB_URI;
  delete env.INIT_CWD;
  const child = spawnSync(process.execPath, [...compiledEntryArgs('import'), ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}

describe('npm run import', () => {
  it('When a CSV is imported twice, then the first run adds its agents and the second adds 0', () => {
    const file = path.join(dir, 'agents.csv');
    const report = path.join(dir, 'report.json');

    const first = runImport(file, '--report', report);
    const second = runImport(file);

    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toBe(
      [
        'Added 2 agents, skipped 2.',
        'row 4: Name is required; Invalid URL format',
        'row 5 (SCOUT): Already listed (same name and provider)',
        `Full report written to ${report}`,
        '',
      ].join('\n'),
    );
    expect(JSON.parse(fs.readFileSync(report, 'utf8'))).toMatchObject({
      added: 2,
      skipped: [{ row: 4 }, { row: 5 }],
    });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^Added 0 agents, skipped 4\.\n/);
  });

  it('When a store holding the demo catalog gets a real catalog, then the demo agents leave the directory unless --keep-demo', async () => {
    const file = path.join(dir, 'agents.csv');
    const listed = async (dataDir: string) => {
      const store = openSqliteStore(sqliteFileOf({ dataDir }));
      try {
        return await store.agents.count();
      } finally {
        await store.close();
      }
    };
    const seeded = async (name: string) => {
      const dataDir = path.join(dir, name);
      fs.mkdirSync(dataDir, { recursive: true });
      const store = openSqliteStore(sqliteFileOf({ dataDir }));
      await seedDemoCatalog(store, createLogger('silent', 'test'));
      await store.close();
      return dataDir;
    };

    const cleared = await seeded('demo-cleared');
    const first = runImportInto(cleared, file);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      `Took the ${DEMO_CATALOG_SIZE} demo agents off the directory (marked removed; --keep-demo keeps them listed).`,
    );
    expect(await listed(cleared)).toBe(2);

    const kept = await seeded('demo-kept');
    const second = runImportInto(kept, file, '--keep-demo');
    expect(second.code).toBe(0);
    expect(second.stdout).not.toContain('demo agents');
    expect(await listed(kept)).toBe(DEMO_CATALOG_SIZE + 2);
  });

  it('When no file is given, then the usage is printed and the exit code is 2', () => {
    const result = runImport();

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run import -- FILE');
  });

  it('When the file does not exist, then the error is printed and the exit code is 1', () => {
    const missing = path.join(dir, 'missing.csv');

    const result = runImport(missing);

    expect(result).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `Error: Cannot read ${missing}: no such file\n`,
    });
  });

  it('When the file type is unsupported, then the error is printed and the exit code is 1', () => {
    const file = path.join(dir, 'agents.txt');
    fs.writeFileSync(file, CSV);

    const result = runImport(file);

    expect(result).toMatchObject({
      code: 1,
      stderr: 'Error: Unsupported file type: use .json, .csv, .xlsx or .xls\n',
    });
  });
});
