import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// npm test runs jest in two lanes (scripts/bin/jest-in-two-lanes.cjs), each a list of projects and
// of paths it leaves out. A test file in no lane would never run in CI, one in both would run twice
// (two browser files at once, if it were a browser file): every file jest knows is in exactly one.

const ROOT = path.resolve(__dirname, '../../..');
const JEST = require.resolve('jest/bin/jest', { paths: [ROOT] });
const { LANES, laneArgs } = require(path.join(ROOT, 'scripts/bin/jest-in-two-lanes.cjs')) as {
  LANES: Array<{ name: string; projects: string[] }>;
  laneArgs(lane: { name: string; projects: string[] }): string[];
};

/** The test files jest would run with `args`, by path from the repository's root. */
async function listed(args: string[]): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [JEST, ...args, '--listTests'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 50_000_000,
  });
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('/'))
    .map((file) => path.relative(ROOT, file))
    .sort();
}

describe('the two jest lanes of npm test', () => {
  it('run every test file jest knows, each in exactly one lane, browser files only in the e2e lane', async () => {
    const [all, unit, e2e] = await Promise.all([listed([]), ...LANES.map((lane) => listed(laneArgs(lane)))]);
    expect(all!.length).toBeGreaterThan(400);
    expect(unit!.filter((file) => e2e!.includes(file))).toEqual([]);
    expect([...unit!, ...e2e!].sort()).toEqual(all);
    expect(unit!.filter((file) => file.startsWith('e2e/'))).toEqual([]);
    expect(e2e!.filter((file) => !file.startsWith('e2e/') && !file.startsWith('scripts/'))).toEqual([]);
  });
});
