import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { OutboxMailer } from './file-outbox/outbox-mailer';
import { findLink, readOutbox } from './outbox-reader';

describe('readOutbox', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agentry-outbox-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const mailerAt = (iso: string) =>
    new OutboxMailer({
      dir,
      from: 'Agentry <no-reply@agentry.local>',
      logger: pino({ level: 'silent' }),
      now: () => new Date(iso),
    });

  it('reads every message back, oldest first, whatever order they were written in', async () => {
    await mailerAt('2026-11-23T12:00:05.000Z').send({
      to: 'bo@example.com',
      subject: 'Your Provider plan is active',
      text: 'Thank you.',
      kind: 'subscription_started',
    });
    const { messageId } = await mailerAt('2026-11-23T12:00:00.000Z').send({
      to: 'ana@example.com',
      subject: 'Bienvenue, Zoë 👋',
      text: 'Open http://localhost:3000/verify-email?token=abc',
      html: '<p>Open it</p>',
      kind: 'verify_email',
    });

    const messages = await readOutbox(dir);
    expect(messages.map((message) => message.kind)).toEqual(['verify_email', 'subscription_started']);
    expect(messages[0]).toEqual({
      file: expect.stringMatching(/^2026-11-23T12-00-00-000Z-\d{6}-verify_email-[0-9a-f]{8}\.eml$/),
      to: 'ana@example.com',
      from: 'Agentry <no-reply@agentry.local>',
      subject: 'Bienvenue, Zoë 👋',
      kind: 'verify_email',
      messageId,
      date: new Date('2026-11-23T12:00:00.000Z'),
      text: 'Open http://localhost:3000/verify-email?token=abc',
      html: '<p>Open it</p>',
    });
  });

  it('orders messages of the same millisecond as they were sent', async () => {
    const mailer = mailerAt('2026-11-23T12:00:00.000Z');
    for (const kind of ['first', 'second', 'third']) {
      await mailer.send({ to: 'ana@example.com', subject: kind, text: kind, kind });
    }
    expect((await readOutbox(dir)).map((message) => message.kind)).toEqual(['first', 'second', 'third']);
  });

  it('skips files still being written', async () => {
    await writeFile(
      path.join(dir, '.2026-11-23T12-00-00-000Z-000001-verify_email-00000000.eml.tmp'),
      'From: half',
    );
    expect(await readOutbox(dir)).toEqual([]);
  });

  it('answers no messages when nothing was ever written', async () => {
    expect(await readOutbox(path.join(dir, 'outbox'))).toEqual([]);
  });

  it('leaves no temporary file behind after a send', async () => {
    await mailerAt('2026-11-23T12:00:00.000Z').send({
      to: 'a@example.com',
      subject: 's',
      text: 't',
      kind: 'k',
    });
    expect((await readdir(dir)).filter((name) => !name.endsWith('.eml'))).toEqual([]);
  });
});

describe('findLink', () => {
  const text = [
    'Sign in at http://localhost:3000/signin.',
    'Confirm your address (valid 48 hours): http://localhost:3000/verify-email?token=a1b2&x=%2F.',
    'Or reset: https://agentry.example/reset-password?token=zz)',
  ].join('\n');

  it('finds the first link whose path starts with the prefix, without the punctuation after it', () => {
    expect(findLink(text, '/verify-email')).toBe('http://localhost:3000/verify-email?token=a1b2&x=%2F');
    expect(findLink(text, '/reset-password')).toBe('https://agentry.example/reset-password?token=zz');
    expect(findLink(text, '/signin')).toBe('http://localhost:3000/signin');
  });

  it('answers undefined when no link has that path', () => {
    expect(findLink(text, '/subscription/manage')).toBeUndefined();
    expect(findLink('see http:// later', '/')).toBeUndefined();
  });
});
