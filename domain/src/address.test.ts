import { isValidAddress, normalizeAddress } from './address';

describe('normalizeAddress', () => {
  it('adds https:// when the scheme is missing', () => {
    expect(normalizeAddress('example.com/path')).toBe('https://example.com/path');
  });
  it('keeps http:// and https:// addresses as they are', () => {
    expect(normalizeAddress('http://example.com')).toBe('http://example.com');
    expect(normalizeAddress('HTTPS://Example.com')).toBe('HTTPS://Example.com');
  });
  it('trims surrounding space', () => {
    expect(normalizeAddress('  example.com ')).toBe('https://example.com');
  });
  it('leaves another scheme visible so that validation can reject it', () => {
    expect(normalizeAddress('ftp://example.com')).toBe('ftp://example.com');
  });
});

describe('isValidAddress', () => {
  it.each([
    'https://example.com',
    'http://sub.example.co.uk/a?b=1',
    'example.com',
    'www.agent.ai/x',
    'tutorly.example/start',
  ])('accepts %s', (address) => expect(isValidAddress(address)).toBe(true));
  it.each([
    '',
    'not a url',
    'localhost',
    'https://localhost:3000',
    'ftp://example.com',
    'javascript:alert(1)',
    'https://exa mple.com',
    'https://example.c',
    'https://user:pw@example.com',
    'https://-bad-.com',
  ])('rejects %s', (address) => expect(isValidAddress(address)).toBe(false));
});
