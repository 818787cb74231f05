import { decodeHeaderText, encodeHeaderText } from './encoded-words';

describe('encodeHeaderText', () => {
  it('leaves printable ASCII as it is, so the outbox stays readable', () => {
    expect(encodeHeaderText('Confirm your e-mail address')).toBe('Confirm your e-mail address');
  });

  it('encodes other text as base64 words of at most 75 characters on folded lines', () => {
    const subject = `Bienvenue sur Agentry, Zoë ! 你好 👋 ${'é'.repeat(40)}`;
    const encoded = encodeHeaderText(subject);
    const lines = encoded.split('\r\n ');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(line).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
      expect(line.length).toBeLessThanOrEqual(75);
    }
    expect(decodeHeaderText(encoded)).toBe(subject);
  });

  it('never splits a character between two words', () => {
    const emoji = '👋'.repeat(30);
    for (const line of encodeHeaderText(emoji).split('\r\n ')) {
      const text = Buffer.from(line.slice(10, -2), 'base64').toString('utf8');
      expect(text).toMatch(/^(👋)+$/u);
    }
  });
});

describe('decodeHeaderText', () => {
  it('decodes Q words and other charsets as other mailers write them', () => {
    expect(decodeHeaderText('=?utf-8?Q?Caf=C3=A9_ouvert?=')).toBe('Café ouvert');
    expect(decodeHeaderText('=?ISO-8859-1?Q?Caf=E9?= et plus')).toBe('Café et plus');
  });

  it('keeps plain text around words as it is', () => {
    expect(decodeHeaderText('Plain subject')).toBe('Plain subject');
  });
});
