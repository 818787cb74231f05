import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { WRITE_GAP_MS } from '@agentry/platform/concurrency/write-gap';
import { BUSY_TIMEOUT_MS, whileBusy } from '@agentry/platform/store/sqlite/retry-when-busy';
import Database from 'better-sqlite3';
import { numberOption } from '../cli/options';

// What another process's chunked background write (provider analytics' flush: chunks of about
// 10 ms, WRITE_BUDGET_MS) costs a sign-up's small writes on the same SQLite file (issue 21): a
// thread on its own connection writes `--chunks` chunks holding the lock `--hold` ms each, with
// either a turn of its event loop between them (setImmediate, as before) or WRITE_GAP_MS (now);
// meanwhile this thread, as an API worker does (busy_timeout = BUSY_TIMEOUT_MS, then whileBusy's
// backoff), makes `--writes` small writes in a row, starting at a random moment of the flush.
// Rounds alternate between the two gaps (A B B A …) so both meet the same machine load.
//   npm run bench:write-gap -- --rounds 20 --chunks 20 --hold 10 --writes 4

type Gap = 'turn' | 'gap';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const rounds = numberOption(argv, 'rounds', 20);
  const chunks = numberOption(argv, 'chunks', 20);
  const hold = numberOption(argv, 'hold', 10);
  const writes = numberOption(argv, 'writes', 4);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-write-gap-'));
  const file = path.join(dir, 'gap.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE mine (n INTEGER); CREATE TABLE theirs (n INTEGER)');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const insert = db.prepare('INSERT INTO mine (n) VALUES (1)');
  const other = new Worker(
    `const Database = require('better-sqlite3');
     const { parentPort } = require('node:worker_threads');
     const db = new Database(${JSON.stringify(file)});
     db.pragma('busy_timeout = 5000');
     const insert = db.prepare('INSERT INTO theirs (n) VALUES (?)');
     const chunk = () => {
       db.exec('BEGIN IMMEDIATE');
       const until = performance.now() + ${hold};
       while (performance.now() < until) insert.run(1);
       db.exec('COMMIT');
     };
     parentPort.on('message', async (gapMs) => {
       for (let i = 0; i < ${chunks}; i++) {
         chunk();
         if (i < ${chunks} - 1)
           await new Promise((resolve) => (gapMs > 0 ? setTimeout(resolve, gapMs) : setImmediate(resolve)));
       }
       parentPort.postMessage('done');
     });`,
    { eval: true },
  );
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const waited: Record<Gap, number[]> = { turn: [], gap: [] };
  const round = async (gap: Gap) => {
    const done = new Promise((resolve) => other.once('message', resolve));
    other.postMessage(gap === 'gap' ? WRITE_GAP_MS : 0);
    // Somewhere within the flush's first half.
    await pause(2 + Math.random() * ((chunks * hold) / 2));
    const from = performance.now();
    for (let i = 0; i < writes; i++) await whileBusy(async () => insert.run());
    waited[gap].push(performance.now() - from);
    await done;
  };
  for (let i = 0; i < rounds; i++)
    for (const gap of (i % 2 ? ['gap', 'turn'] : ['turn', 'gap']) as Gap[]) await round(gap);
  await other.terminate();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  const at = (values: number[], q: number) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
  const log = (line: string) => process.stdout.write(`${line}\n`);
  log(
    `${writes} small writes during another connection's flush of ${chunks} chunks of ${hold} ms, ${rounds} rounds each; load ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  for (const gap of ['turn', 'gap'] as const)
    log(
      `  ${gap === 'turn' ? 'a turn of the event loop between chunks' : `${WRITE_GAP_MS} ms between chunks        `}: the writes took p50 ${at(waited[gap], 0.5).toFixed(0)} ms, p90 ${at(waited[gap], 0.9).toFixed(0)} ms, max ${Math.max(...waited[gap]).toFixed(0)} ms`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
