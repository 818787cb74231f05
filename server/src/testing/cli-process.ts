import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { followOutput, type LogLine } from './child-output';

// The production CLIs (`npm run indexer`, `npm run reindex`) as their own processes, compiled as
// production runs them (dist/<name>.js, built first when older than the sources), for tests that
// kill them or read their exit code and output. The API has its own starter (api-process.ts).

const REPO_ROOT = path.resolve(__dirname, '../../..');
const { compiledEntryArgs } = require('../../bin/process-args.cjs') as {
  compiledEntryArgs: (name: string) => string[];
};

export interface CliProcess {
  child: ChildProcess;
  /** Every JSON line logged on stdout so far. */
  logs(): LogLine[];
  /** Everything written to stdout so far. */
  stdout(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs dist/<name>.js with these arguments on DATA_DIR (and whatever else env says). */
export function spawnCli(name: string, args: string[], env: Record<string, string>): CliProcess {
  const child = spawn(process.execPath, [...compiledEntryArgs(name), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const output = followOutput(child);
  return { child, logs: output.logs, stdout: output.text, exited: output.exited };
}

/** The external indexer (INDEXER=external's other half), resolved once it has logged its start. */
export async function startIndexerProcess(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<CliProcess> {
  const indexer = spawnCli('indexer', [], env);
  const deadline = Date.now() + timeoutMs;
  while (!indexer.logs().some((line) => line.msg === 'indexer started')) {
    if (indexer.child.exitCode !== null || Date.now() > deadline) {
      if (indexer.child.exitCode === null) indexer.child.kill('SIGKILL');
      throw new Error(`the indexer did not start (exit code ${indexer.child.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return indexer;
}

/** `npm run reindex -- --check`: its exit code (0 when the index and the store agree) and output. */
export async function runReindexCheck(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string }> {
  const check = spawnCli('reindex', ['--check'], env);
  const { code } = await check.exited;
  return { code, stdout: check.stdout() };
}

/** SIGKILL: no handler runs, nothing is flushed or closed; resolves once the process is gone. */
export async function killHard(process: CliProcess | { child: ChildProcess; exited: Promise<unknown> }) {
  if (process.child.exitCode === null && process.child.signalCode === null) process.child.kill('SIGKILL');
  await process.exited;
}
