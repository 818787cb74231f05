import pino, { type Logger } from 'pino';
import { InvalidMailError } from './message-rules';
import { findLink } from './outbox-reader';
import type { Mailer, MailMessage } from './port';
import { parseSender } from './sender';
import type { ReceivedMail } from './testing/received-mail';

// The one behaviour every mailer must have. Each adapter's test file calls this with a function
// that opens a mailer and, where it can, a way to read what the receiving end got.

export interface MailDriver {
  mailer: Mailer;
  /** The MAIL_FROM the mailer was opened with. */
  from: string;
  /** The address the contract writes to (a real server's test inbox). */
  recipient: string;
  /** What the receiving end got so far, oldest first (features.readsInbox). */
  received?: () => Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export interface MailFeatures {
  /** The driver can read what arrived (the outbox files, a local SMTP server); a real server cannot. */
  readsInbox: boolean;
  /** SMTP only: a mailer for a server that never answers, or for an address where nothing listens. */
  openDeadServer?: (kind: 'silent' | 'refusing') => Promise<{ mailer: Mailer; stop(): Promise<void> }>;
}

/** A logger that keeps its JSON lines, to check what the mailer says about a message. */
function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return { logger: pino({ level: 'info' }, { write: (line: string) => lines.push(line) }), lines };
}

const LONG_LINK = `http://localhost:3000/verify-email?token=${'a1B2-c3_D4'.repeat(30)}&next=%2Fdashboard%3Ftab%3Dagents&lang=fr`;

export function describeMailerContract(
  name: string,
  features: MailFeatures,
  openDriver: (logger: Logger) => Promise<MailDriver>,
): void {
  describe(`Mailer contract: ${name}`, () => {
    let driver: MailDriver;
    let logLines: string[];
    beforeEach(async () => {
      const { logger, lines } = capturingLogger();
      logLines = lines;
      driver = await openDriver(logger);
    });
    afterEach(async () => {
      await driver?.close();
    });

    const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
      to: driver.recipient,
      subject: 'Confirm your e-mail address',
      text: `Hi Ana,\n\nOpen this link to confirm your address:\n${LONG_LINK}\n\nThe Agentry team\n`,
      kind: 'verify_email',
      ...overrides,
    });
    const onlyReceived = async (): Promise<ReceivedMail> => {
      const received = await driver.received!();
      expect(received).toHaveLength(1);
      return received[0]!;
    };

    it('says it can send, and answers the Message-ID of what it sent', async () => {
      await expect(driver.mailer.verify()).resolves.toBeUndefined();
      const sent = await driver.mailer.send(message());
      expect(sent.messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
    });

    it.each([
      ['a header after a line break', (to: string) => `${to}\r\nBcc: eve@example.com`],
      ['a second address', (to: string) => `${to}, eve@example.com`],
      ['a display name that hides another address', (to: string) => `"${to}" <eve@example.com>`],
    ])('refuses a recipient with %s, and sends nothing', async (_case, recipient) => {
      await expect(driver.mailer.send(message({ to: recipient(driver.recipient) }))).rejects.toBeInstanceOf(
        InvalidMailError,
      );
      if (driver.received) expect(await driver.received()).toEqual([]);
    });

    it('logs the kind, the recipient domain and the message id, never the address, subject or link', async () => {
      const { messageId } = await driver.mailer.send(message());
      const logged = logLines.join('\n');
      const entry = logLines.map((line) => JSON.parse(line)).find((line) => line.messageId === messageId);
      expect(entry).toMatchObject({ kind: 'verify_email', toDomain: driver.recipient.split('@')[1] });
      expect(logged).not.toContain(driver.recipient);
      expect(logged).not.toContain('Confirm your e-mail');
      expect(logged).not.toContain('token=');
    });

    const withInbox = features.readsInbox ? describe : describe.skip;
    withInbox('what arrives', () => {
      it('arrives at its recipient, from MAIL_FROM, with its subject and kind', async () => {
        const { messageId } = await driver.mailer.send(message());
        const received = await onlyReceived();
        expect(received).toMatchObject({
          recipients: [driver.recipient],
          to: driver.recipient,
          from: parseSender(driver.from),
          subject: 'Confirm your e-mail address',
          kind: 'verify_email',
          messageId,
        });
      });

      it('carries a Reply-To when the message names one, and none otherwise', async () => {
        await driver.mailer.send(message({ replyTo: 'grace@acme.example' }));
        const received = await onlyReceived();
        expect(received.replyTo).toBe('grace@acme.example');
        expect(received.recipients).toEqual([driver.recipient]);
      });

      it('keeps a long link in the text intact, on one line a reader can find', async () => {
        await driver.mailer.send(message());
        const { text } = await onlyReceived();
        expect(text).toContain(`\n${LONG_LINK}\n`);
        expect(findLink(text, '/verify-email')).toBe(LONG_LINK);
      });

      it('keeps accents, Chinese and emoji in the subject and the text', async () => {
        const subject = 'Bienvenue, Zoë — 你好 👋🏽 Agentry';
        const text = 'Café crème, naïve résumé.\n你好，世界。\nFamily: 👨‍👩‍👧‍👦 ✓';
        await driver.mailer.send(message({ subject, text }));
        const received = await onlyReceived();
        expect(received.subject).toBe(subject);
        expect(received.text.trim()).toBe(text);
      });

      it('sends the HTML alternative beside the text', async () => {
        await driver.mailer.send(message({ html: `<p><a href="${LONG_LINK}">Confirm</a> ✓</p>` }));
        const received = await onlyReceived();
        expect(received.html).toContain(`<a href="${LONG_LINK}">Confirm</a> ✓`);
        expect(findLink(received.text, '/verify-email')).toBe(LONG_LINK);
      });

      it('folds a line break in the subject into a space: no header or recipient is added', async () => {
        await driver.mailer.send(message({ subject: 'Hello\r\nBcc: eve@example.com\r\n\r\nInjected body' }));
        const received = await onlyReceived();
        expect(received.subject).toBe('Hello Bcc: eve@example.com Injected body');
        expect(received.recipients).toEqual([driver.recipient]);
        expect(received.headerNames).not.toContain('bcc');
        expect(received.text).not.toContain('Injected body');
      });

      it('delivers messages sent at once as separate messages', async () => {
        const kinds = ['verify_email', 'reset_password', 'claim_agent'];
        const sent = await Promise.all(
          kinds.map((kind) => driver.mailer.send(message({ kind, subject: kind }))),
        );
        const received = await driver.received!();
        expect(new Set(sent.map((one) => one.messageId)).size).toBe(3);
        expect(received.map((one) => one.messageId).sort()).toEqual(sent.map((one) => one.messageId).sort());
        expect(received.map((one) => one.kind).sort()).toEqual([...kinds].sort());
      });
    });

    const { openDeadServer } = features;
    if (openDeadServer) {
      describe('a server that cannot take mail', () => {
        it.each(['silent', 'refusing'] as const)(
          'makes send and verify reject within seconds (%s server)',
          async (kind) => {
            const dead = await openDeadServer(kind);
            try {
              const started = Date.now();
              const results = await Promise.allSettled([dead.mailer.send(message()), dead.mailer.verify()]);
              expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
              expect(Date.now() - started).toBeLessThan(8_000);
            } finally {
              await dead.mailer.close();
              await dead.stop();
            }
          },
          15_000,
        );
      });
    }
  });
}
