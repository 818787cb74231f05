import { checkExternals, type Lockfile, packageOf } from './check-externals';

const lock: Lockfile = {
  packages: {
    '': { dependencies: {} },
    platform: { dependencies: { pino: '^10', meilisearch: '0.62.0', nested: '1' } },
    'node_modules/pino': {},
    'node_modules/meilisearch': {},
    'node_modules/jest': { dev: true },
    'node_modules/sonic-boom': {},
    'platform/node_modules/nested': {},
  },
};
const check = (packages: string[]) =>
  checkExternals(new Map([['dist/api.js', new Set(packages)]]), lock, ['platform']);

describe('the packages the bundles require, against what production installs', () => {
  it('When a specifier names a file of a package or a Node module, then its package or nothing is meant', () => {
    expect(packageOf('@modelcontextprotocol/sdk/server/mcp.js')).toBe('@modelcontextprotocol/sdk');
    expect(packageOf('csv-parse/sync')).toBe('csv-parse');
    expect(packageOf('node:fs')).toBeNull();
    expect(packageOf('worker_threads')).toBeNull();
  });

  it('When every package is a declared production dependency at the top of node_modules, then nothing is wrong', () => {
    expect(check(['pino', 'meilisearch'])).toEqual([]);
  });

  it('When a bundle requires a development dependency, then the build is told npm ci --omit=dev leaves it out', () => {
    expect(check(['jest'])).toEqual([expect.stringMatching(/requires jest, a development dependency/)]);
  });

  it('When a package is installed only under a workspace or by chance, then both are reported', () => {
    expect(check(['nested', 'sonic-boom'])).toEqual([
      expect.stringMatching(/requires nested, which is not installed at node_modules\/nested/),
      expect.stringMatching(/requires sonic-boom, which no workspace declares/),
    ]);
  });
});
