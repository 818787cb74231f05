import type { ChildProcess } from 'node:child_process';

// What a child process of a test writes on stdout, kept as it comes: the whole text, and each JSON
// line parsed (the processes log with pino, one object a line). Shared by the API and CLI starters.

export interface LogLine {
  msg: string;
  level: number;
  [field: string]: unknown;
}

export interface ChildOutput {
  /** Every JSON line written so far. */
  logs(): LogLine[];
  /** Everything written so far. */
  text(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Follows `child`'s stdout (spawned with stdio[1] 'pipe') from now on. */
export function followOutput(child: ChildProcess): ChildOutput {
  const lines: LogLine[] = [];
  let text = '';
  let partial = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
    const parts = (partial + chunk).split('\n');
    partial = parts.pop()!;
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as LogLine);
      } catch {
        // plain output, not a log line
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { logs: () => lines, text: () => text, exited };
}
