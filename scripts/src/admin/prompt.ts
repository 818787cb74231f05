import readline from 'node:readline';
import { type Readable, Writable } from 'node:stream';

export interface Prompter {
  /** Asks one question; with `secret`, what is typed is not echoed. Rejects when the input ends. */
  ask(question: string, options?: { secret?: boolean }): Promise<string>;
  close(): void;
}

/**
 * Questions on a terminal, or on piped lines (scripts, tests): one readline for the whole
 * conversation, read as a queue of lines so answers piped in ahead of their question are kept.
 */
export function createPrompter(input: Readable = process.stdin, output: Writable = process.stdout): Prompter {
  let muted = false;
  // Everything readline echoes goes through here; while a secret is typed, nothing reaches the terminal.
  const echo = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) output.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({
    input,
    output: echo,
    terminal: (input as { isTTY?: boolean }).isTTY === true,
  });
  const lines = rl[Symbol.asyncIterator]();
  return {
    async ask(question, { secret = false } = {}) {
      output.write(question);
      muted = secret;
      try {
        const next = await lines.next();
        if (next.done) throw new Error('No answer: the input ended');
        return next.value;
      } finally {
        muted = false;
        if (secret) output.write('\n');
      }
    },
    close: () => rl.close(),
  };
}
