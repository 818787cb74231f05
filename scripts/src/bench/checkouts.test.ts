import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { againstRoot, ratioOf, tableRow } from './checkouts';
import { REPO_ROOT } from './child-process';

describe('againstRoot', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-checkout-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const checkoutIn = (root: string) => {
    fs.mkdirSync(path.join(root, 'scripts/bin'), { recursive: true });
    fs.writeFileSync(path.join(root, 'scripts/bin/api-node-args.cjs'), '');
    fs.mkdirSync(path.join(root, 'node_modules'));
  };

  it('reads a relative directory from where npm run was typed', () => {
    checkoutIn(path.join(dir, 'before'));
    expect(againstRoot('before', dir)).toBe(path.join(dir, 'before'));
    expect(againstRoot('../before', path.join(dir, 'after'))).toBe(path.join(dir, 'before'));
  });

  it('refuses a missing directory, one that is not a checkout, one without dependencies, and this one', () => {
    expect(() => againstRoot(undefined, dir)).toThrow('--against needs a directory');
    expect(() => againstRoot('--agents', dir)).toThrow('--against needs a directory');
    expect(() => againstRoot('nowhere', dir)).toThrow('is not a checkout of this project');
    fs.mkdirSync(path.join(dir, 'bare/scripts/bin'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'bare/scripts/bin/api-node-args.cjs'), '');
    expect(() => againstRoot('bare', dir)).toThrow('has no node_modules');
    expect(() => againstRoot(REPO_ROOT, dir)).toThrow('names this checkout');
  });
});

describe('the before/after table', () => {
  it('gives after / before to two places, a dash when there is nothing to divide by', () => {
    expect(ratioOf(1500, 1000)).toBe('1.50');
    expect(ratioOf(3, 0)).toBe('—');
    expect(ratioOf(Number.NaN, 2)).toBe('—');
  });

  it('writes a Markdown row: what, before, after, ratio, goal', () => {
    expect(tableRow('search p99', '35 ms', '12 ms', '0.34', '≤ 20 ms')).toBe(
      '| search p99 | 35 ms | 12 ms | 0.34 | ≤ 20 ms |',
    );
  });
});
