import { normalizeEmail, normalizeOptionalEmail, normalizeUsername } from './email';

describe('normalizeEmail', () => {
  test('an address typed with capitals and spaces keys the same mailbox as its plain form', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });

  test('an optional address left empty or blank is no address', () => {
    expect(normalizeOptionalEmail('')).toBeNull();
    expect(normalizeOptionalEmail('   ')).toBeNull();
    expect(normalizeOptionalEmail(null)).toBeNull();
    expect(normalizeOptionalEmail(undefined)).toBeNull();
    expect(normalizeOptionalEmail(' Bob@Example.com')).toBe('bob@example.com');
  });

  test('a staff username ignores case and surrounding spaces', () => {
    expect(normalizeUsername(' Admin ')).toBe('admin');
  });
});
