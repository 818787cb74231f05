import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// scripts/bin/compiled-build.cjs decides when `npm start`, the CLIs and the process tests rebuild dist/.
const { staleness } = require('../../bin/compiled-build.cjs') as {
  staleness: (root: string) => string | null;
};

describe('whether dist/ is older than its sources', () => {
  let root: string;
  const write = (file: string, text = '') => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const recordBuild = (builtAt: number) =>
    write('dist/build-info.json', JSON.stringify({ builtAt, inputs: ['server/src/main.ts'], externals: [] }));

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-staleness-'));
    write('server/src/main.ts');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('When nothing was built, then it must be', () => {
    expect(staleness(root)).toBe('dist/ has not been built');
  });

  it('When no source changed since the build, then dist/ is current', () => {
    recordBuild(Date.now() + 1000);
    expect(staleness(root)).toBeNull();
  });

  it('When a source the build read changed after it, then the reason names the file', () => {
    recordBuild(Date.now() - 60_000);
    expect(staleness(root)).toBe('server/src/main.ts changed since the last build');
  });

  it('When a source the build read is gone, then dist/ is stale', () => {
    recordBuild(Date.now() + 1000);
    fs.rmSync(path.join(root, 'server/src/main.ts'));
    fs.writeFileSync(path.join(root, 'server/src/other.ts'), '');
    expect(staleness(root)).toBe('server/src/main.ts is gone since the last build');
  });

  it('When a file the build wrote is missing, then dist/ is stale', () => {
    write(
      'dist/build-info.json',
      JSON.stringify({ builtAt: Date.now() + 1000, inputs: [], outputs: ['dist/api.js'], externals: [] }),
    );
    expect(staleness(root)).toBe('dist/api.js is missing');
  });

  it('When there are no TypeScript sources (the production image), then dist/ is the code and current', () => {
    recordBuild(0);
    fs.rmSync(path.join(root, 'server'), { recursive: true });
    expect(staleness(root)).toBeNull();
  });
});
