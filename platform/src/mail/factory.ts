import path from 'node:path';
import type { Config } from '../config/env';
import type { Logger } from '../log/logger';
import { OutboxMailer } from './file-outbox/outbox-mailer';
import type { Mailer } from './port';
import { SmtpMailer } from './smtp/smtp-mailer';

export { OutboxMailer, SmtpMailer };

export interface OpenMailerDeps {
  /** Each adapter logs kind, recipient domain and message id per message (never bodies: they carry tokens). */
  logger: Logger;
}

type MailConfig = Pick<Config, 'mail' | 'dataDir' | 'SMTP_URL' | 'MAIL_FROM'>;

/** Where the outbox adapter writes: DATA_DIR/outbox. */
export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

/**
 * The mailer the config asks for: SMTP when SMTP_URL is set, else the outbox, made ready to write.
 * An SMTP server is not contacted here (a mail server that is down must not stop the site); call
 * verify() for a health check.
 */
export async function openMailer(config: MailConfig, deps: OpenMailerDeps): Promise<Mailer> {
  if (config.mail === 'smtp') {
    // loadConfig has checked that SMTP_URL is an smtp:// or smtps:// URL.
    return new SmtpMailer({ url: config.SMTP_URL!, from: config.MAIL_FROM, logger: deps.logger });
  }
  const mailer = new OutboxMailer({
    dir: outboxDir(config.dataDir),
    from: config.MAIL_FROM,
    logger: deps.logger,
  });
  await mailer.verify();
  return mailer;
}
