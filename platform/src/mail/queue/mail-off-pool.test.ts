import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { OutboxMailer } from '../file-outbox/outbox-mailer';
import { readOutbox } from '../outbox-reader';
import { QueuedMailer } from './queued-mailer';

// A sign-up's answer waits for its mail to be queued and tried once (queued-mailer.ts). Those file
// writes no longer go through libuv's thread pool, which the password hashes and getaddrinfo share:
// with every pool thread busy elsewhere, the message is still queued, written and answered.

const logger = pino({ level: 'silent' });
const FROM = 'no-reply@agentry.local';
const message = {
  to: 'ana@example.com',
  subject: 'Confirm your address',
  text: 'Hello',
  kind: 'verify_email',
};

/** Holds every thread of libuv's pool: each opens a FIFO for reading, which waits for a writer. */
function holdThePool(dir: string): { release(): void } {
  const fifo = path.join(dir, 'hold');
  execFileSync('mkfifo', [fifo]);
  const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  const held = Array.from({ length: threads }, () => fs.promises.open(fifo, 'r'));
  return {
    release() {
      // A writer lets every waiting open through; then all of it is closed.
      const writers = held.map(() => fs.openSync(fifo, 'w'));
      void Promise.all(held).then((handles) => Promise.all(handles.map((handle) => handle.close())));
      for (const fd of writers) fs.closeSync(fd);
    },
  };
}

describe('the mail queue beside a busy thread pool', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-mail-pool-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('When every thread of the pool is busy elsewhere, then a message is still queued, written to the outbox and answered', async () => {
    const outbox = path.join(dir, 'outbox');
    const mailer = new QueuedMailer({
      inner: new OutboxMailer({ dir: outbox, from: FROM, logger }),
      dir: path.join(dir, 'mail-queue'),
      from: FROM,
      logger,
      // No retry pass while the pool is held: the first attempt is what is measured.
      policy: { pollMs: 60_000 },
    });
    await mailer.start();
    const pool = holdThePool(dir);
    let outcome: string;
    try {
      // Liveness, not speed: with the writes on the pool the send waits for as long as the pool is held.
      outcome = await Promise.race([
        mailer.send(message).then(() => 'sent'),
        new Promise<string>((resolve) => setTimeout(() => resolve('held behind the pool'), 10_000).unref()),
      ]);
    } finally {
      pool.release();
    }
    expect(outcome).toBe('sent');
    expect((await readOutbox(outbox)).map((mail) => [mail.to, mail.subject])).toEqual([
      ['ana@example.com', 'Confirm your address'],
    ]);
    expect(await mailer.queue.pending()).toBe(0);
    await mailer.close();
  });
});
