import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { REPO_ROOT } from './child-process';

// A benchmark's "before and after" in one run: this checkout and another one (an earlier commit
// in a git worktree, its node_modules installed), each run as production runs it: its own compiled
// dist/ (built first when stale, by its own launcher), its own import CLI, its own data directory.
// Measured alternately on the same machine in the same minutes, their ratio says what changed even
// when the machine is busy with other work.

export interface Checkout {
  /** "before" or "after". */
  label: string;
  root: string;
  /** The Node.js arguments `npm start` gives the API (relative to root). */
  apiArgs(extra?: string[]): string[];
  /** Runs `npm run import -- FILE` of this checkout; resolves with its seconds. */
  importFile(file: string, env: Record<string, string>): number;
  /** The API of this checkout as its own process tree; `onLine`: each line it writes to stdout. */
  startApi(env: Record<string, string>, nodeFlags?: string[], onLine?: (line: string) => void): ChildProcess;
}

export function checkoutAt(root: string, label: string): Checkout {
  const bin = (name: string) => require(path.join(root, 'scripts/bin', name));
  const { apiNodeArgs } = bin('api-node-args.cjs') as { apiNodeArgs: () => string[] };
  const { compiledEntryArgs } = bin('compiled-build.cjs') as {
    compiledEntryArgs: (name: string) => string[];
  };
  return {
    label,
    root,
    apiArgs: (extra = []) => [...extra, ...apiNodeArgs()],
    importFile(file, env) {
      const args = compiledEntryArgs('import');
      const started = performance.now();
      execFileSync(process.execPath, [...args, file], {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      return (performance.now() - started) / 1000;
    },
    startApi(env, nodeFlags = [], onLine) {
      const child = spawn(process.execPath, [...nodeFlags, ...apiNodeArgs()], {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: [
          'ignore',
          onLine ? 'pipe' : process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore',
          'inherit',
        ],
      });
      if (onLine && child.stdout) readline.createInterface({ input: child.stdout }).on('line', onLine);
      return child;
    },
  };
}

/**
 * Where `--against DIR` points, or why it cannot be measured: a relative DIR is read from where
 * `npm run` was typed (INIT_CWD), and it must be a checkout of this project with its launchers and
 * its dependencies installed (`git worktree add ../before a8a1a53`, then node_modules copied or
 * installed there).
 */
export function againstRoot(
  against: string | undefined,
  typedIn = process.env.INIT_CWD ?? process.cwd(),
): string {
  if (!against || against.startsWith('--'))
    throw new Error('--against needs a directory: a checkout of the earlier code (a git worktree)');
  const root = path.resolve(typedIn, against);
  if (!fs.existsSync(path.join(root, 'scripts/bin/api-node-args.cjs')))
    throw new Error(`${root} is not a checkout of this project (no scripts/bin/api-node-args.cjs)`);
  if (!fs.existsSync(path.join(root, 'node_modules')))
    throw new Error(`${root} has no node_modules: copy them there or run npm ci in it`);
  if (root === REPO_ROOT) throw new Error(`--against names this checkout (${root}): name the earlier one`);
  return root;
}

/** `--against DIR`: the earlier checkout ("before") and this one ("after"), in that order. */
export function checkoutsToCompare(against: string | undefined): [Checkout, Checkout] {
  return [checkoutAt(againstRoot(against), 'before'), checkoutAt(REPO_ROOT, 'after')];
}

/** Each round measures both sides, the first round before then after, the second after then before. */
export const ALTERNATE_ORDER: ReadonlyArray<readonly [0 | 1, 0 | 1]> = [
  [0, 1],
  [1, 0],
];

/** The value of `--name` in argv, or the fallback (scripts/src/cli/options.ts). */
export { optionOf } from '../cli/options';

/** The machine's load average, said beside every figure taken on a shared machine. */
export function loadAverageNow(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

/** A row of the before/after table: the figures, their ratio, the goal. */
export function tableRow(what: string, before: string, after: string, ratio: string, goal: string): string {
  return `| ${what} | ${before} | ${after} | ${ratio} | ${goal} |`;
}

/** after / before to two places, or a dash when before is 0 or either is not a number. */
export const ratioOf = (after: number, before: number) =>
  Number.isFinite(after / before) && before !== 0 ? `${(after / before).toFixed(2)}` : '—';
