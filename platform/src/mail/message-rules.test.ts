import { checkMessage, InvalidMailError, recipientDomain } from './message-rules';
import type { MailMessage } from './port';

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  to: 'ana@example.com',
  subject: 'Confirm your e-mail address',
  text: 'Hello',
  kind: 'verify_email',
  ...overrides,
});

describe('checkMessage', () => {
  it('accepts a message as it is, the recipient trimmed', () => {
    expect(checkMessage(message({ to: ' ana@example.com ' }))).toEqual(message());
  });

  it('accepts international addresses and subjects', () => {
    const international = message({ to: 'josé@exämple.com', subject: 'Bienvenue, Zoë 你好 👋' });
    expect(checkMessage(international)).toEqual(international);
  });

  it.each([
    ['a header after a line break', 'ana@example.com\r\nBcc: eve@example.com'],
    ['a bare line feed', 'ana@example.com\nBcc: eve@example.com'],
    ['a second address', 'ana@example.com, eve@example.com'],
    ['a second address after a semicolon', 'ana@example.com;eve@example.com'],
    ['a display name', 'Ana <ana@example.com>'],
    ['no address at all', 'ana'],
    ['an empty value', ''],
  ])('refuses a recipient with %s', (_case, to) => {
    expect(() => checkMessage(message({ to }))).toThrow(InvalidMailError);
  });

  it('accepts one Reply-To address, trimmed', () => {
    expect(checkMessage(message({ replyTo: ' grace@acme.example ' })).replyTo).toBe('grace@acme.example');
  });

  it.each([
    ['a header after a line break', 'grace@acme.example\r\nBcc: eve@example.com'],
    ['a second address', 'grace@acme.example, eve@example.com'],
    ['a display name', 'Grace <grace@acme.example>'],
    ['an empty value', ''],
  ])('refuses a Reply-To with %s', (_case, replyTo) => {
    expect(() => checkMessage(message({ replyTo }))).toThrow(InvalidMailError);
  });

  it('folds line breaks and control characters in the subject into one space', () => {
    expect(checkMessage(message({ subject: 'Hello\r\nBcc: eve@example.com\t!' })).subject).toBe(
      'Hello Bcc: eve@example.com !',
    );
  });

  it('refuses a kind that is not a lowercase word, as it becomes a header', () => {
    expect(() => checkMessage(message({ kind: 'verify_email\r\nBcc: eve@example.com' }))).toThrow(
      InvalidMailError,
    );
    expect(() => checkMessage(message({ kind: 'Verify Email' }))).toThrow(InvalidMailError);
  });

  it('refuses an empty subject or text', () => {
    expect(() => checkMessage(message({ subject: ' \r\n' }))).toThrow(/subject is empty/);
    expect(() => checkMessage(message({ text: '\n' }))).toThrow(/text is empty/);
  });
});

describe('recipientDomain', () => {
  it('keeps only the domain, lowercased', () => {
    expect(recipientDomain('Ana.Lopez@Example.COM')).toBe('example.com');
  });
});
