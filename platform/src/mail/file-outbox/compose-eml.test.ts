import { simpleParser } from 'mailparser';
import { InvalidMailError } from '../message-rules';
import type { MailMessage } from '../port';
import { composeEml, type Envelope } from './compose-eml';
import { parseEml } from './parse-eml';

const envelope: Envelope = {
  from: { name: 'Agentry', address: 'no-reply@agentry.local' },
  messageId: '<abc@agentry.local>',
  date: new Date('2026-11-23T12:00:00.000Z'),
};

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  to: 'ana@example.com',
  subject: 'Confirm your e-mail address',
  text: 'Hi Ana,\n\nOpen this link:\nhttp://localhost:3000/verify-email?token=abc\n',
  kind: 'verify_email',
  ...overrides,
});

describe('composeEml', () => {
  it('writes the headers a person and a mail client expect, and the text as typed', () => {
    const eml = composeEml(message(), envelope);
    expect(eml).toBe(
      [
        'From: Agentry <no-reply@agentry.local>',
        'To: ana@example.com',
        'Subject: Confirm your e-mail address',
        'Date: Mon, 23 Nov 2026 12:00:00 +0000',
        'Message-ID: <abc@agentry.local>',
        'MIME-Version: 1.0',
        'X-Agentry-Kind: verify_email',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        'Hi Ana,',
        '',
        'Open this link:',
        'http://localhost:3000/verify-email?token=abc',
        '',
      ].join('\r\n'),
    );
  });

  it('is a message a standard parser reads the same way, HTML alternative included', async () => {
    const link = `https://agentry.example/reset-password?token=${'x'.repeat(300)}&next=%2Fdashboard`;
    const eml = composeEml(
      message({
        subject: 'Réinitialisez 你好 👋',
        text: `Zoë, open:\n${link}`,
        html: `<p><a href="${link}">Reset</a></p>`,
      }),
      { ...envelope, from: { name: 'Agentry, Inc.', address: 'no-reply@agentry.local' } },
    );
    const parsed = await simpleParser(eml);
    expect(parsed.subject).toBe('Réinitialisez 你好 👋');
    expect(parsed.from?.value[0]).toEqual({ name: 'Agentry, Inc.', address: 'no-reply@agentry.local' });
    expect(parsed.text?.trim()).toBe(`Zoë, open:\n${link}`);
    expect(parsed.html).toContain(`href="${link}"`);
    expect(parsed.headers.get('x-agentry-kind')).toBe('verify_email');
    expect(parsed.date?.toISOString()).toBe('2026-11-23T12:00:00.000Z');
  });

  it('encodes a display name that is not ASCII', async () => {
    const eml = composeEml(message(), {
      ...envelope,
      from: { name: 'Agentry Équipe', address: 'a@agentry.local' },
    });
    expect(eml).toMatch(/^From: =\?UTF-8\?B\?/);
    expect((await simpleParser(eml)).from?.value[0]?.name).toBe('Agentry Équipe');
  });

  it('folds a long subject at spaces and reads it back whole', () => {
    const subject = `Add "${'Very Long Agent Name '.repeat(6).trim()}" to your Agentry account`;
    const eml = composeEml(message({ subject }), envelope);
    for (const line of eml.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
    expect(parseEml(eml).headers.get('subject')).toBe(subject);
  });

  it('refuses a line longer than RFC 5322 allows instead of writing a broken file', () => {
    expect(() => composeEml(message({ text: 'x'.repeat(999) }), envelope)).toThrow(InvalidMailError);
  });
});

describe('parseEml', () => {
  it('reads back the text and HTML of a multipart message without the boundary line ends', () => {
    const parsed = parseEml(
      composeEml(message({ text: 'Line one\nLine two\n', html: '<p>Hi</p>' }), envelope),
    );
    expect(parsed.text).toBe('Line one\nLine two');
    expect(parsed.html).toBe('<p>Hi</p>');
    expect(parsed.headers.get('content-type')).toMatch(/^multipart\/alternative; boundary="agentry-/);
  });

  it('reads the same text from a single-part message', () => {
    expect(parseEml(composeEml(message({ text: 'Line one\nLine two\n' }), envelope)).text).toBe(
      'Line one\nLine two',
    );
  });

  it('says so instead of misreading a body it cannot decode', () => {
    const eml = 'Subject: x\r\nContent-Transfer-Encoding: base64\r\n\r\nSGk=\r\n';
    expect(() => parseEml(eml)).toThrow(/reads 7bit and 8bit bodies, not base64/);
  });
});
