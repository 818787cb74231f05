import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';

// Helpers to run the product's servers as separate processes, as they run in production.

export const REPO_ROOT = path.resolve(__dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** `cwd`: the checkout whose dist/ the arguments name (this one by default). */
/** `onLine`: each line the process writes to stdout (its log), read instead of dropped. */
export function startProcess(
  args: string[],
  env: Record<string, string>,
  cwd = REPO_ROOT,
  onLine?: (line: string) => void,
): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', onLine ? 'pipe' : process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  if (onLine && child.stdout) readline.createInterface({ input: child.stdout }).on('line', onLine);
  return child;
}

/** Resolves with the milliseconds it took until the URL answers 200. */
export async function waitUntilReady(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(url)).status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

/** Resident set size (current and peak) of a process in MB, from /proc (Linux). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** A process and its children (the API's supervisor and its workers). */
export function processTree(pid: number): number[] {
  try {
    const children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
    return [pid, ...children];
  } catch {
    return [pid];
  }
}

/** RSS of a process and each of its children, in MB. */
export function treeMemory(pid: number): Array<{ pid: number; rssMb: number; peakMb: number }> {
  return processTree(pid).flatMap((each) => {
    const memory = memoryOf(each);
    return memory ? [{ pid: each, ...memory }] : [];
  });
}

/**
 * CPU time (user and system, seconds) used so far by a process and its children: the work a
 * request costs, which a busy machine delays but does not inflate the way it does wall time.
 */
export function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const each of processTree(pid)) {
    try {
      // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = fs.readFileSync(`/proc/${each}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / CLOCK_TICKS;
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
