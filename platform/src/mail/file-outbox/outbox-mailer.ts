import { randomBytes } from 'node:crypto';
import { constants, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../log/logger';
import { checkMessage, recipientDomain } from '../message-rules';
import type { Mailer, MailMessage, SentMail } from '../port';
import { newMessageId, parseSender, type Sender } from '../sender';
import { composeEml } from './compose-eml';

// The embedded mailer: every message becomes one .eml file in DATA_DIR/outbox/ instead of being
// sent, so a fresh checkout needs no mail server and a person (or a test) opens the links from
// there. The files carry one-time links: the directory and files are readable by their owner only.

export interface OutboxMailerOptions {
  dir: string;
  /** MAIL_FROM. */
  from: string;
  logger: Logger;
  /** The clock of the Date header and the file name (tests fix it). */
  now?: () => Date;
}

export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  private readonly sender: Sender;

  constructor(private readonly options: OutboxMailerOptions) {
    this.sender = parseSender(options.from);
  }

  async send(message: MailMessage): Promise<SentMail> {
    const checked = checkMessage(message);
    const date = this.options.now?.() ?? new Date();
    const messageId = checked.messageId ?? newMessageId(this.sender);
    const eml = composeEml(checked, { from: this.sender, messageId, date });
    const file = outboxFileName(date, checked.kind);
    await this.writeAtomically(file, eml);
    this.options.logger.info(
      { kind: checked.kind, toDomain: recipientDomain(checked.to), messageId, file },
      'mail written to the outbox',
    );
    return { messageId };
  }

  /** The outbox can be written: the directory exists (or is made) and is writable. */
  async verify(): Promise<void> {
    await mkdir(this.options.dir, { recursive: true, mode: 0o700 });
    await access(this.options.dir, constants.W_OK);
  }

  /** Nothing to release: each send opens and closes its own file. */
  async close(): Promise<void> {}

  /**
   * A reader lists only *.eml names, so it never sees the file before it is whole. On this thread,
   * as the mail queue writes its entries (queue/mail-queue-dir.ts): a message is a few kilobytes
   * to the page cache, where the promise API took five operations on libuv's pool, each waiting for
   * a thread and a turn of a busy event loop, and a sign-up's answer waits for its first attempt.
   */
  private async writeAtomically(file: string, contents: string): Promise<void> {
    mkdirSync(this.options.dir, { recursive: true, mode: 0o700 });
    const temporary = path.join(this.options.dir, `.${file}.tmp`);
    try {
      writeFileSync(temporary, contents, { flag: 'wx', mode: 0o600 });
      renameSync(temporary, path.join(this.options.dir, file));
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
  }
}

let sequence = 0;

/**
 * "2026-11-23T12-00-00-000Z-000042-verify_email-1a2b3c4d.eml": names sort by time, then by a
 * counter that orders messages of the same millisecond from this process; the random part keeps
 * names unique across processes writing the same directory.
 */
export function outboxFileName(date: Date, kind: string): string {
  sequence = (sequence + 1) % 1_000_000;
  const time = date.toISOString().replace(/[:.]/g, '-');
  return `${time}-${String(sequence).padStart(6, '0')}-${kind}-${randomBytes(4).toString('hex')}.eml`;
}
