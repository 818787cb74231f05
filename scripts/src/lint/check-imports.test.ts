import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkImports, importsOf, judgeImport } from './check-imports';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const MAIN = path.join(__dirname, 'check-imports-main.ts');

describe('import rules', () => {
  test('a relative import from client/ into platform/ is refused, however the path is spelt', () => {
    expect(judgeImport('client/src/lib/x.ts', '../../../platform/src/store/port')).toMatch(
      /relative import leaves client\/ for platform\/: client may not import platform/,
    );
    expect(judgeImport('client/src/lib/x.ts', '@agentry/platform/store/port')).toMatch(
      /client may not import platform/,
    );
  });

  test('a relative import into a workspace the file may use is refused too: it names the package instead', () => {
    expect(judgeImport('server/src/x.ts', '../../domain/src/agent')).toMatch(/import it by its package name/);
    expect(judgeImport('server/src/x.ts', '@agentry/domain/agent')).toBeNull();
  });

  test('the server reaches an adapter only through its port and factory, by package or relative path', () => {
    expect(judgeImport('server/src/x.ts', '@agentry/platform/store/sqlite/sqlite-store')).toMatch(
      /platform\/src\/store\/sqlite\/ is an adapter/,
    );
    expect(judgeImport('server/src/x.ts', '../../platform/src/store/sqlite/sqlite-store')).toMatch(
      /relative import leaves server\//,
    );
    expect(judgeImport('server/src/x.ts', '@agentry/platform/store/port')).toBeNull();
    expect(judgeImport('server/src/x.ts', '@agentry/platform/store/factory')).toBeNull();
  });

  test('tests and benchmarks may stand up one adapter on purpose', () => {
    expect(judgeImport('server/src/x.test.ts', '@agentry/platform/store/sqlite/sqlite-store')).toBeNull();
    expect(
      judgeImport('scripts/src/bench/x.ts', '@agentry/platform/search/embedded/embedded-engine'),
    ).toBeNull();
  });

  test('an adapter does not reach into a sibling adapter of its port', () => {
    expect(judgeImport('platform/src/store/mongo/admins.ts', '../sqlite/admins')).toMatch(
      /an adapter does not reach into another/,
    );
    expect(judgeImport('platform/src/store/mongo/admins.ts', '../port')).toBeNull();
  });

  test('lower layers do not import upper ones', () => {
    expect(judgeImport('platform/src/x.ts', '@agentry/server/app')).toMatch(/platform may not import server/);
    expect(judgeImport('server/src/x.ts', '../../scripts/bin/api-node-args.cjs')).toMatch(
      /server may not import scripts at all/,
    );
    expect(judgeImport('scripts/src/bench/x.ts', '../../../e2e/support/accounts')).toMatch(
      /scripts may not import e2e at all/,
    );
    expect(judgeImport('domain/src/x.ts', '@agentry/platform/log/logger')).toMatch(/domain may not import/);
  });

  test('client features do not import each other, and shared client code imports no feature', () => {
    expect(
      judgeImport('client/src/features/compare/components/a.tsx', '../../admin/api/get-admin-agents'),
    ).toMatch(/features do not import each other \(features\/compare -> features\/admin\)/);
    expect(judgeImport('client/src/components/ui/a.tsx', '../../features/admin/api/x')).toMatch(
      /client\/src\/components\/ is shared code/,
    );
    expect(judgeImport('client/src/features/admin/a.tsx', '../../app/router')).toMatch(
      /a feature imports no app code/,
    );
    expect(judgeImport('client/src/app/routes/admin.tsx', '../../features/admin/components/x')).toBeNull();
    expect(judgeImport('client/src/features/admin/components/a.tsx', '../../../components/ui/x')).toBeNull();
  });

  test('the browser takes the contract’s types only: its zod schemas stay out of the bundle', () => {
    expect(judgeImport('client/src/lib/x.ts', '@agentry/domain/contract/agents')).toMatch(/import type/);
    expect(judgeImport('client/src/lib/x.ts', '@agentry/domain/contract/agents', true)).toBeNull();
    expect(judgeImport('domain/src/agent.ts', './contract/agents')).toMatch(/import type/);
    expect(judgeImport('domain/src/contract/catalog.ts', './shapes')).toBeNull();
    expect(judgeImport('server/src/x.ts', '@agentry/domain/contract/agents')).toBeNull();
  });

  test('npm packages and Node built-ins are not this checker’s business', () => {
    expect(judgeImport('client/src/x.ts', 'react')).toBeNull();
    expect(judgeImport('server/src/x.ts', 'node:fs')).toBeNull();
  });
});

describe('reading imports', () => {
  test('finds every way a module is named: import, export from, import(), require, jest.mock, import = require', () => {
    const text = [
      "import a from './a';",
      "import type { B } from './b';",
      "export * from './c';",
      "export { d } from './d';",
      "const e = require('./e');",
      "const f = import('./f');",
      "jest.mock('./g');",
      "import h = require('./h');",
      "// import x from './comment';",
    ].join('\n');
    const found = importsOf({ path: 'server/src/x.ts', text });
    expect(found.filter((one) => one.typeOnly).map((one) => one.specifier)).toEqual(['./b']);
    expect(found.map((one) => one.specifier)).toEqual([
      './a',
      './b',
      './c',
      './d',
      './e',
      './f',
      './g',
      './h',
    ]);
  });

  test('names the line of each refused import', () => {
    const text =
      "import { ok } from '@agentry/domain/agent';\n\nimport { store } from '../../platform/src/store/port';\n";
    expect(checkImports([{ path: 'client/src/x.tsx', text }])).toEqual([
      expect.objectContaining({
        file: 'client/src/x.tsx',
        line: 3,
        specifier: '../../platform/src/store/port',
      }),
    ]);
  });
});

describe('npm run lint', () => {
  let tree: string;
  beforeAll(() => {
    tree = fs.mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
      fs.writeFileSync(path.join(tree, file), text);
    };
    write('platform/src/store/port.ts', 'export interface Store {}\n');
    write('platform/src/store/sqlite/sqlite-store.ts', 'export const open = () => null;\n');
    write(
      'client/src/lib/uses-store.ts',
      "import type { Store } from '../../../platform/src/store/port';\nexport type S = Store;\n",
    );
    write(
      'server/src/opens-sqlite.ts',
      "import { open } from '@agentry/platform/store/sqlite/sqlite-store';\nexport const o = open;\n",
    );
    write(
      'server/src/fine.ts',
      "import type { Store } from '@agentry/platform/store/port';\nexport type S = Store;\n",
    );
  });
  afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));

  test('runs the import checker after biome', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(scripts.lint).toBe('biome check . && tsx scripts/src/lint/check-imports-main.ts');
  });

  test('fails on a relative import from client/ into platform/ and on the server opening an adapter', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', MAIN, '--root', tree], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('client/src/lib/uses-store.ts:1');
    expect(run.stderr).toContain('client may not import platform');
    expect(run.stderr).toContain('server/src/opens-sqlite.ts:1');
    expect(run.stderr).toContain('platform/src/store/sqlite/ is an adapter');
    expect(run.stderr).not.toContain('server/src/fine.ts');
    expect(run.stderr).toContain('2 import(s) break the rules');
  });

  test('passes on this repository', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(out).toMatch(/^Imports: \d+ files follow/);
  });
});
