import type { Logger } from '../../log/logger';
import { checkMessage, recipientDomain } from '../message-rules';
import type { Mailer, MailMessage, SentMail } from '../port';
import { newMessageId, parseSender } from '../sender';
import { MailQueueDir, type QueuedMail } from './mail-queue-dir';
import { DEFAULT_RETRY_POLICY, isPermanentFailure, type RetryPolicy, retryDelay } from './retry-policy';

// A mailer that loses nothing when the mail server is down: each message is written to the queue
// on disk (mail-queue-dir.ts) before it is tried, sent at once when the server answers, and
// otherwise tried again with growing waits (retry-policy.ts) until it goes or is given up, with a
// log line per failure. send() resolves once the message is safely queued, so the user's action
// (a registration, a password reset) succeeds whether or not the server answers right now.

/**
 * How long send() waits for the first attempt. A server that accepts connections and then stalls
 * would otherwise hold the user's request for nodemailer's timeouts (seconds); past this the attempt
 * goes on in the background, the message stays claimed, and its outcome is logged as usual.
 */
export const FIRST_ATTEMPT_WAIT_MS = 1_000;

export interface QueuedMailerOptions {
  /** The transport (SMTP). */
  inner: Mailer;
  /** DATA_DIR/mail-queue. */
  dir: string;
  /** MAIL_FROM: the Message-ID is made on its domain, once, and kept across retries. */
  from: string;
  logger: Logger;
  policy?: Partial<RetryPolicy>;
  now?: () => number;
  firstAttemptWaitMs?: number;
}

export class QueuedMailer implements Mailer {
  readonly kind: Mailer['kind'];
  readonly queue: MailQueueDir;
  private readonly policy: RetryPolicy;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** First attempts still running after send() returned; close() waits for them. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly options: QueuedMailerOptions) {
    this.kind = options.inner.kind;
    this.queue = new MailQueueDir(options.dir);
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
    this.now = options.now ?? Date.now;
  }

  /** Makes the queue ready and starts looking at it every pollMs (the timer does not hold the process). */
  async start(): Promise<void> {
    await this.queue.init();
    await this.queue.reclaimAbandoned(this.now());
    this.timer = setInterval(() => void this.flush(), this.policy.pollMs);
    this.timer.unref();
    void this.flush();
  }

  async send(message: MailMessage): Promise<SentMail> {
    // A message no server would take is the caller's bug: said now, never queued.
    const checked = checkMessage(message);
    const messageId = checked.messageId ?? newMessageId(parseSender(this.options.from));
    const entry = this.queue.newEntry({ ...checked, messageId }, this.now());
    await this.queue.addClaimed(entry);
    const attempt = this.attempt(entry).catch((error: unknown) =>
      this.options.logger.error({ err: error }, 'mail queue attempt failed'),
    );
    this.inFlight.add(attempt);
    void attempt.finally(() => this.inFlight.delete(attempt));
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([
      attempt,
      new Promise((resolve) => {
        waited = setTimeout(resolve, this.options.firstAttemptWaitMs ?? FIRST_ATTEMPT_WAIT_MS);
        waited.unref();
      }),
    ]);
    clearTimeout(waited);
    return { messageId };
  }

  /** Tries every message whose time has come; one pass at a time. */
  flush(): Promise<void> {
    this.flushing ??= this.pass()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'mail queue pass failed'))
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  verify(): Promise<void> {
    return this.options.inner.verify();
  }

  /** Stops retrying (what is queued stays on disk for the next start) and closes the transport. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flushing;
    await Promise.all(this.inFlight);
    await this.options.inner.close();
  }

  private async pass(): Promise<void> {
    await this.queue.reclaimAbandoned(this.now());
    for (const entry of await this.queue.due(this.now())) {
      if (!this.timer) return; // closed meanwhile
      if (await this.queue.claim(entry.id)) await this.attempt(entry);
    }
  }

  private async attempt(entry: QueuedMail): Promise<void> {
    const { kind, to } = entry.message;
    try {
      await this.options.inner.send(entry.message);
    } catch (error) {
      await this.failed(entry, error);
      return;
    }
    await this.queue.done(entry.id);
    if (entry.attempts > 0) {
      this.options.logger.info(
        {
          kind,
          toDomain: recipientDomain(to),
          messageId: entry.message.messageId,
          attempts: entry.attempts + 1,
        },
        'queued mail sent',
      );
    }
  }

  private async failed(entry: QueuedMail, error: unknown): Promise<void> {
    const attempts = entry.attempts + 1;
    // Not the error itself: SMTP replies quote the recipient's address.
    const code = errorCode(error);
    const fields = { kind: entry.message.kind, toDomain: recipientDomain(entry.message.to), attempts, code };
    if (isPermanentFailure(error) || attempts >= this.policy.maxAttempts) {
      await this.queue.bury({ ...entry, attempts, lastError: String(code) });
      this.options.logger.error(fields, 'mail given up: kept in mail-queue/dead');
      return;
    }
    const retryInMs = retryDelay(this.policy, attempts);
    await this.queue.release({
      ...entry,
      attempts,
      lastError: String(code),
      nextAttemptAt: this.now() + retryInMs,
    });
    this.options.logger.warn({ ...fields, retryInMs }, 'mail not sent: queued to try again');
  }
}

function errorCode(error: unknown): string | number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  return responseCode ?? code ?? (error as Error).name;
}
