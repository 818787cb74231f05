// The mail port: how the product sends e-mail. Two adapters implement it: the outbox (the
// embedded default: one readable file per message in DATA_DIR/outbox/) and SMTP through
// nodemailer (when SMTP_URL is set). One contract suite (contract.ts) holds both to the same
// behaviour.

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; every message has it (links must survive as typed). */
  text: string;
  /** Optional HTML alternative. */
  html?: string;
  /**
   * Where an answer goes (Reply-To): the other party of a conversation (issue 25), so a person who
   * answers the e-mail reaches them, not our no-reply sender. One address, checked as `to` is.
   */
  replyTo?: string;
  /** What kind of message this is (verify_email, reset_password, subscription_started…): logs and tests read it. */
  kind: string;
  /**
   * The Message-ID header to give it, made with newMessageId (sender.ts); a new one when absent.
   * A queued message keeps its first one on every retry, so a receiver can drop a repeat.
   */
  messageId?: string;
}

export interface SentMail {
  /** The Message-ID header given to the message. */
  messageId: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  /** Sends (or writes) the message; rejects when the message could not be handed over. */
  send(message: MailMessage): Promise<SentMail>;
  /** Resolves when the mailer can send (SMTP: the server answers); for health checks. */
  verify(): Promise<void>;
  close(): Promise<void>;
}
