import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import { mailQueueDir, openMailer } from '@agentry/platform/mail/factory';
import { MailQueueDir } from '@agentry/platform/mail/queue/mail-queue-dir';
import { type LocalSmtpServer, startLocalSmtpServer } from '@agentry/platform/mail/testing/local-smtp-server';
import { type RunningServer, startServer } from '../start';
import { eventually } from '../testing/test-server';
import { accountForm, Visitor } from '../testing/visitor';

// The SMTP server is down while people register and ask for a password reset: a real local SMTP
// server (smtp-server) on a port that is closed first and opened later. The actions must succeed,
// the messages wait in DATA_DIR/mail-queue (surviving an API restart), each failure is logged,
// and when the server is back every message arrives, once.

jest.setTimeout(30_000);

const FAST_RETRIES = { firstDelayMs: 100, maxDelayMs: 400, pollMs: 50 };

describe('When the mail server is down', () => {
  let dataDir: string;
  let smtpUrl: string;
  let smtpPort: number;
  let smtp: LocalSmtpServer | null = null;
  let api: RunningServer | null = null;
  const logLines: Array<Record<string, unknown>> = [];

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-mail-down-'));
    // A port known to be closed: a server opened there a moment ago, and stopped.
    const probe = await startLocalSmtpServer();
    smtpUrl = probe.url;
    smtpPort = Number(new URL(probe.url).port);
    await probe.stop();
  });
  afterEach(async () => {
    await api?.close();
    await smtp?.stop();
    api = null;
    smtp = null;
    logLines.length = 0;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function startApi(): Promise<RunningServer> {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SMTP_URL: smtpUrl,
    });
    const logger = createLogger('info', 'test', {
      write: (line: string) => logLines.push(JSON.parse(line) as Record<string, unknown>),
    });
    const mailer = await openMailer(config, { logger, retry: FAST_RETRIES });
    api = await startServer(config, { logger, mailer, clientDist: null, engine: null });
    return api;
  }

  const queued = () => new MailQueueDir(mailQueueDir(dataDir)).pending();
  const kindsTo = (to: string) =>
    (smtp?.received ?? [])
      .filter((m) => m.to === to)
      .map((m) => m.kind)
      .sort();
  const retryWarnings = () => logLines.filter((line) => line.msg === 'mail not sent: queued to try again');

  it('registration and a password reset still succeed, and their mails arrive once the server is back', async () => {
    const running = await startApi();
    const visitor = new Visitor(running.url);
    await visitor.post('/api/users', accountForm({ email: 'ada@example.com' })).expect(201);
    await visitor.post('/api/auth/logout').expect(200);
    await visitor.post('/api/auth/forgot-password', { email: 'ada@example.com' }).expect(200);

    await eventually(async () => (await queued()) === 2);
    // Retried with backoff, each failure logged without the address.
    await eventually(async () => retryWarnings().length >= 4);
    // nodemailer's code for a connection that failed (here: refused).
    expect(retryWarnings()[0]).toMatchObject({ toDomain: 'example.com', code: 'ESOCKET', attempts: 1 });
    const waits = retryWarnings()
      .filter((line) => line.kind === 'verify_email')
      .map((line) => line.retryInMs);
    expect(waits.slice(0, 2)).toEqual([FAST_RETRIES.firstDelayMs, 2 * FAST_RETRIES.firstDelayMs]);
    expect(JSON.stringify(retryWarnings())).not.toContain('ada@example.com');

    smtp = await startLocalSmtpServer(smtpPort);
    await eventually(async () => (await queued()) === 0);
    // A few more polls: nothing is sent a second time.
    await new Promise((resolve) => setTimeout(resolve, 5 * FAST_RETRIES.pollMs));
    expect(kindsTo('ada@example.com')).toEqual(['reset_password', 'verify_email']);
    const ids = smtp.received.map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the queued mail through a restart of the API and sends it when the server is back', async () => {
    const first = await startApi();
    await new Visitor(first.url).post('/api/users', accountForm({ email: 'grace@example.com' })).expect(201);
    await eventually(async () => (await queued()) === 1);
    await first.close();
    api = null;

    smtp = await startLocalSmtpServer(smtpPort);
    await startApi();
    // The message reaches the SMTP server a moment before the sender deletes its queue file, so
    // wait for both: delivered, and no longer waiting.
    await eventually(async () => kindsTo('grace@example.com').length === 1);
    await eventually(async () => (await queued()) === 0);
    expect(kindsTo('grace@example.com')).toEqual(['verify_email']);
  });
});
