import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../../log/logger';
import { checkMessage, recipientDomain } from '../message-rules';
import type { Mailer, MailMessage, SentMail } from '../port';
import { newMessageId, parseSender, type Sender } from '../sender';

// Sends through the SMTP server of SMTP_URL with nodemailer. nodemailer's own timeouts wait
// minutes for a server that does not answer; ours fail a send within seconds, so a request that
// mails never hangs on a dead server (the caller logs the failure and goes on).

/** In ms. Settings in SMTP_URL's query (?greetingTimeout=…) take precedence. */
export const SMTP_TIMEOUTS = {
  /** To open the TCP (or TLS) connection, DNS included. */
  connectionTimeout: 5_000,
  /** For the server's greeting once connected. */
  greetingTimeout: 5_000,
  /** Of silence in the middle of a conversation. */
  socketTimeout: 15_000,
};

/** Caps one whole send, for a server that answers slowly enough never to trip socketTimeout. */
const SEND_DEADLINE_MS = 60_000;

export interface SmtpMailerOptions {
  /** SMTP_URL: smtp:// or smtps://, credentials and settings (pool=true…) included. */
  url: string;
  /** MAIL_FROM. */
  from: string;
  logger: Logger;
  /** Other defaults than SMTP_TIMEOUTS (tests shorten them). */
  timeouts?: Partial<typeof SMTP_TIMEOUTS>;
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly sender: Sender;
  private readonly transporter: Transporter;

  constructor(private readonly options: SmtpMailerOptions) {
    this.sender = parseSender(options.from);
    // nodemailer applies the keys beside `url` where the URL does not set them.
    this.transporter = nodemailer.createTransport({
      ...SMTP_TIMEOUTS,
      ...options.timeouts,
      url: options.url,
    });
  }

  async send(message: MailMessage): Promise<SentMail> {
    const checked = checkMessage(message);
    const messageId = checked.messageId ?? newMessageId(this.sender);
    const info = await this.transporter.sendMail({
      from: { name: this.sender.name, address: this.sender.address },
      to: checked.to,
      ...(checked.replyTo === undefined ? {} : { replyTo: checked.replyTo }),
      subject: checked.subject,
      text: checked.text,
      html: checked.html,
      messageId,
      headers: { 'X-Agentry-Kind': checked.kind },
      // Our messages are strings; never let a value be read as a file path or a URL to fetch.
      disableFileAccess: true,
      disableUrlAccess: true,
      signal: AbortSignal.timeout(SEND_DEADLINE_MS),
    });
    this.options.logger.info(
      { kind: checked.kind, toDomain: recipientDomain(checked.to), messageId, response: info.response },
      'mail sent',
    );
    return { messageId };
  }

  /** Connects, greets and authenticates, then hangs up: the server at SMTP_URL can take mail. */
  async verify(): Promise<void> {
    await this.transporter.verify();
  }

  /** Closes the pool's connections (SMTP_URL with pool=true); a plain transport holds none between sends. */
  async close(): Promise<void> {
    this.transporter.close();
  }
}
