import path from 'node:path';
import type { Config } from '../config/env';
import type { Logger } from '../log/logger';
import { OutboxMailer } from './file-outbox/outbox-mailer';
import type { Mailer } from './port';
import { QueuedMailer } from './queue/queued-mailer';
import type { RetryPolicy } from './queue/retry-policy';

export { OutboxMailer, QueuedMailer };

export interface OpenMailerDeps {
  /** Each adapter logs kind, recipient domain and message id per message (never bodies: they carry tokens). */
  logger: Logger;
  /** Other waits than DEFAULT_RETRY_POLICY for the SMTP queue (tests shorten them). */
  retry?: Partial<RetryPolicy>;
}

type MailConfig = Pick<Config, 'mail' | 'dataDir' | 'SMTP_URL' | 'MAIL_FROM'>;

/** Where the outbox adapter writes: DATA_DIR/outbox. */
export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');
/** Where SMTP mail waits while the server does not take it: DATA_DIR/mail-queue. */
export const mailQueueDir = (dataDir: string) => path.join(dataDir, 'mail-queue');

/**
 * The mailer the config asks for: SMTP when SMTP_URL is set, else the outbox, made ready to write.
 * An SMTP server is not contacted here (a mail server that is down must not stop the site); call
 * verify() for a health check. SMTP mail goes through a queue on disk, tried again until the
 * server takes it (queue/queued-mailer.ts); the outbox, a local file write, needs none.
 */
export async function openMailer(config: MailConfig, deps: OpenMailerDeps): Promise<Mailer> {
  if (config.mail === 'smtp') {
    // Loaded for SMTP only: the outbox never needs nodemailer, and every API worker loaded it at
    // start (issue 24). loadConfig has checked that SMTP_URL is an smtp:// or smtps:// URL.
    const { SmtpMailer } = await import('./smtp/smtp-mailer');
    const smtp = new SmtpMailer({ url: config.SMTP_URL!, from: config.MAIL_FROM, logger: deps.logger });
    const queued = new QueuedMailer({
      inner: smtp,
      dir: mailQueueDir(config.dataDir),
      from: config.MAIL_FROM,
      logger: deps.logger,
      policy: deps.retry,
    });
    await queued.start();
    return queued;
  }
  const mailer = new OutboxMailer({
    dir: outboxDir(config.dataDir),
    from: config.MAIL_FROM,
    logger: deps.logger,
  });
  await mailer.verify();
  return mailer;
}
