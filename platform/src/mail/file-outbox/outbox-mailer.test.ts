import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { describeMailerContract } from '../contract';
import { receivedMail } from '../testing/received-mail';
import { OutboxMailer } from './outbox-mailer';

const FROM = 'Agentry <no-reply@agentry.local>';

/** Every .eml in the directory, oldest first, as a standard parser reads it. */
async function parsedFiles(dir: string) {
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (name) => receivedMail(await simpleParser(await readFile(path.join(dir, name))))),
  );
}

describeMailerContract('outbox', { readsInbox: true }, async (logger) => {
  const root = await mkdtemp(path.join(tmpdir(), 'agentry-mail-'));
  const dir = path.join(root, 'outbox');
  return {
    mailer: new OutboxMailer({ dir, from: FROM, logger }),
    from: FROM,
    recipient: 'ana@example.com',
    received: () => parsedFiles(dir),
    close: () => rm(root, { recursive: true, force: true }),
  };
});

describe('OutboxMailer', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'agentry-mail-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('makes the outbox and its files readable by their owner only: they carry one-time links', async () => {
    const dir = path.join(root, 'outbox');
    const mailer = new OutboxMailer({ dir, from: FROM, logger: pino({ level: 'silent' }) });
    await mailer.send({ to: 'ana@example.com', subject: 'Reset', text: 'link', kind: 'reset_password' });
    const [file] = await readdir(dir);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dir, file!))).mode & 0o777).toBe(0o600);
  });

  it('names a file after its time and kind, so a listing reads as a log', async () => {
    const dir = path.join(root, 'outbox');
    const now = () => new Date('2026-11-23T12:00:00.000Z');
    const mailer = new OutboxMailer({ dir, from: FROM, logger: pino({ level: 'silent' }), now });
    await mailer.send({ to: 'ana@example.com', subject: 'Reset', text: 'link', kind: 'reset_password' });
    expect(await readdir(dir)).toEqual([
      expect.stringMatching(/^2026-11-23T12-00-00-000Z-\d{6}-reset_password-[0-9a-f]{8}\.eml$/),
    ]);
  });

  it('fails verify when the outbox cannot be made', async () => {
    // A directory cannot be made inside a file, even by root.
    const file = path.join(root, 'not-a-directory');
    await writeFile(file, '');
    const mailer = new OutboxMailer({
      dir: path.join(file, 'outbox'),
      from: FROM,
      logger: pino({ level: 'silent' }),
    });
    await expect(mailer.verify()).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});
