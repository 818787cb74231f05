import pino from 'pino';
import { describeMailerContract } from '../contract';
import {
  type LocalSmtpServer,
  refusingAddress,
  startLocalSmtpServer,
  startSilentServer,
} from '../testing/local-smtp-server';
import { SmtpMailer } from './smtp-mailer';

// The SMTP adapter against a real SMTP server run by the test (smtp-server), which parses what it
// receives with mailparser: the whole path through nodemailer and the wire is exercised here.

const FROM = 'Agentry <no-reply@agentry.local>';
const silent = pino({ level: 'silent' });

describeMailerContract(
  'SMTP (local server)',
  {
    readsInbox: true,
    // With the production timeouts: the test proves a dead server fails a send within seconds.
    openDeadServer: async (kind) => {
      const dead = kind === 'silent' ? await startSilentServer() : await refusingAddress();
      return { mailer: new SmtpMailer({ url: dead.url, from: FROM, logger: silent }), stop: dead.stop };
    },
  },
  async (logger) => {
    const server = await startLocalSmtpServer();
    const mailer = new SmtpMailer({ url: server.url, from: FROM, logger });
    return {
      mailer,
      from: FROM,
      recipient: 'ana@example.com',
      received: async () => [...server.received],
      close: async () => {
        await mailer.close();
        await server.stop();
      },
    };
  },
);

describe('SmtpMailer', () => {
  let server: LocalSmtpServer;
  beforeEach(async () => {
    server = await startLocalSmtpServer();
  });
  afterEach(() => server.stop());

  const message = { to: 'ana@example.com', subject: 'Hello', text: 'Hello', kind: 'verify_email' };

  it('refuses to send with the wrong credentials in SMTP_URL', async () => {
    const url = server.url.replace(/:[^:@]+@/, ':wrong@');
    const mailer = new SmtpMailer({ url, from: FROM, logger: silent });
    await expect(mailer.send(message)).rejects.toThrow(/Invalid username or password/);
    await expect(mailer.verify()).rejects.toThrow();
    expect(server.received).toEqual([]);
  });

  it('keeps one connection open with pool=true and closes it on close()', async () => {
    const mailer = new SmtpMailer({ url: `${server.url}?pool=true`, from: FROM, logger: silent });
    await mailer.send(message);
    await mailer.send(message);
    expect(server.connectionsOpened()).toBe(1);
    expect(server.openConnections()).toBe(1);
    await mailer.close();
    await waitFor(() => server.openConnections() === 0);
    expect(server.received).toHaveLength(2);
  });

  it('lets SMTP_URL set its own timeouts', async () => {
    const dead = await startSilentServer();
    const mailer = new SmtpMailer({ url: `${dead.url}?greetingTimeout=200`, from: FROM, logger: silent });
    try {
      const started = Date.now();
      await expect(mailer.send(message)).rejects.toThrow(/Greeting never received/i);
      // Nodemailer's own greeting timeout is 30 s: well under half of it means the URL's 200 ms held.
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await mailer.close();
      await dead.stop();
    }
  });
});

/** The limit only ends a hang (2 s was little on two busy cores). */
async function waitFor(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
