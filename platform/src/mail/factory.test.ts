import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config/env';
import { OutboxMailer, openMailer, outboxDir, QueuedMailer } from './factory';
import { readOutbox } from './outbox-reader';
import { startLocalSmtpServer } from './testing/local-smtp-server';

describe('openMailer', () => {
  const logger = pino({ level: 'silent' });
  const message = { to: 'ana@example.com', subject: 'Hello', text: 'Hello', kind: 'verify_email' };
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'agentry-data-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('opens the outbox in DATA_DIR/outbox by default, from MAIL_FROM', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'Agentry Team <team@agentry.example>' });
    const mailer = await openMailer(config, { logger });
    expect(mailer).toBeInstanceOf(OutboxMailer);
    expect(mailer.kind).toBe('outbox');
    await mailer.send(message);
    const [written] = await readOutbox(outboxDir(config.dataDir));
    expect(written).toMatchObject({ to: 'ana@example.com', from: 'Agentry Team <team@agentry.example>' });
    await mailer.close();
  });

  it('opens SMTP at SMTP_URL, behind its queue, when it is set, without contacting the server yet', async () => {
    const server = await startLocalSmtpServer();
    try {
      const mailer = await openMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: server.url }), { logger });
      expect(mailer).toBeInstanceOf(QueuedMailer);
      expect(mailer.kind).toBe('smtp');
      expect(server.connectionsOpened()).toBe(0);
      await mailer.send(message);
      expect(server.received.map((mail) => mail.from.address)).toEqual(['no-reply@rolecall.local']);
      await mailer.close();
    } finally {
      await server.stop();
    }
  });
});
