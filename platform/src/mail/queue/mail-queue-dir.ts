import { randomUUID } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage } from '../port';

// The mail queue on disk: one JSON file per message not yet handed to the mail server, in
// DATA_DIR/mail-queue, so a message survives a mail server that is down and a restart of the API.
// A sender claims a message by renaming <id>.json to <id>.sending: the rename is atomic, so of
// several API processes sharing DATA_DIR exactly one sends it. A claim left by a process that died
// mid-send goes back to the queue after CLAIM_TIMEOUT_MS (the message may then go twice: at least
// once, never lost). Given-up messages are kept in dead/ for a person to read.

/** Longer than a send may take (SmtpMailer's deadline is 60 s). */
export const CLAIM_TIMEOUT_MS = 5 * 60_000;

export interface QueuedMail {
  id: string;
  message: MailMessage & { messageId: string };
  /** Failed attempts so far. */
  attempts: number;
  queuedAt: string;
  /** Milliseconds since the epoch. */
  nextAttemptAt: number;
  lastError?: string;
}

const READY = '.json';
const CLAIMED = '.sending';

export class MailQueueDir {
  private readonly deadDir: string;

  constructor(readonly dir: string) {
    this.deadDir = path.join(dir, 'dead');
  }

  async init(): Promise<void> {
    await fs.mkdir(this.deadDir, { recursive: true, mode: 0o700 });
  }

  /** A new entry, written already claimed by the caller, who tries it at once. */
  newEntry(message: MailMessage & { messageId: string }, now: number): QueuedMail {
    // Time first, so that names sort oldest first.
    const id = `${now.toString(36).padStart(9, '0')}-${randomUUID()}`;
    return { id, message, attempts: 0, queuedAt: new Date(now).toISOString(), nextAttemptAt: now };
  }

  async addClaimed(entry: QueuedMail): Promise<void> {
    await this.write(this.file(entry.id, CLAIMED), entry);
  }

  /** The entries whose time has come, oldest first (claimed ones are not listed). */
  async due(now: number): Promise<QueuedMail[]> {
    const names = (await fs.readdir(this.dir)).filter((name) => name.endsWith(READY)).sort();
    const entries: QueuedMail[] = [];
    for (const name of names) {
      const entry = await this.read(path.join(this.dir, name));
      if (entry && entry.nextAttemptAt <= now) entries.push(entry);
    }
    return entries;
  }

  /** True when this caller now owns the entry; false when another took it first. */
  async claim(id: string): Promise<boolean> {
    try {
      await fs.rename(this.file(id, READY), this.file(id, CLAIMED));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async done(id: string): Promise<void> {
    // On this thread, as write() (below): the answer of the request that sent it may wait for it.
    rmSync(this.file(id, CLAIMED), { force: true });
  }

  /** Back in the queue with its new attempt count and time. */
  async release(entry: QueuedMail): Promise<void> {
    await this.write(this.file(entry.id, READY), entry);
    await fs.rm(this.file(entry.id, CLAIMED), { force: true });
  }

  async bury(entry: QueuedMail): Promise<void> {
    await this.write(path.join(this.deadDir, `${entry.id}${READY}`), entry);
    await fs.rm(this.file(entry.id, CLAIMED), { force: true });
  }

  /** Claims older than CLAIM_TIMEOUT_MS go back to the queue (their sender died). */
  async reclaimAbandoned(now: number): Promise<number> {
    let reclaimed = 0;
    for (const name of await fs.readdir(this.dir)) {
      if (!name.endsWith(CLAIMED)) continue;
      const file = path.join(this.dir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat || now - stat.mtimeMs < CLAIM_TIMEOUT_MS) continue;
      await fs.rename(file, file.slice(0, -CLAIMED.length) + READY).then(
        () => reclaimed++,
        () => undefined,
      );
    }
    return reclaimed;
  }

  /** Messages waiting (claimed or not), for logs and tests. */
  async pending(): Promise<number> {
    const names = await fs.readdir(this.dir);
    return names.filter((name) => name.endsWith(READY) || name.endsWith(CLAIMED)).length;
  }

  private file(id: string, suffix: string) {
    return path.join(this.dir, `${id}${suffix}`);
  }

  /**
   * Whole or not at all: a crash mid-write leaves a .tmp file, never half an entry. On this thread:
   * an entry is a few kilobytes handed to the page cache (tens of microseconds), where the promise
   * API's open, write, close and rename were four operations on libuv's pool, each waiting for a
   * thread (shared with the password hashes and getaddrinfo) and then for a turn of the event loop;
   * a sign-up's answer waits for its queued mail, and under the whole-product load those waits made
   * a sign-up take about three times a sign-in on the server (issue 21).
   */
  private async write(file: string, entry: QueuedMail): Promise<void> {
    const tmp = `${file}.${process.pid}.tmp`;
    // Bodies carry sign-in links: readable by the service's user only.
    writeFileSync(tmp, JSON.stringify(entry), { mode: 0o600 });
    renameSync(tmp, file);
  }

  private async read(file: string): Promise<QueuedMail | null> {
    try {
      return JSON.parse(await fs.readFile(file, 'utf8')) as QueuedMail;
    } catch {
      // Claimed by another process between the listing and the read.
      return null;
    }
  }
}
