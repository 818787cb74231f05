import { daysAgo, describeSiteCheck, isLongDown } from './site-check';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');

describe('what an agent page says about its site', () => {
  it('says when a site that answered was checked', () => {
    const text = describeSiteCheck(
      { state: 'up', since: '2026-10-01T00:00:00.000Z', checked_at: '2026-11-24T09:00:00.000Z' },
      NOW,
    );
    expect(text).toBe('Site answered, checked 3 days ago');
  });

  it('says since when a site has been unreachable, as a long date', () => {
    const text = describeSiteCheck(
      { state: 'down', since: '2026-11-03T08:00:00.000Z', checked_at: '2026-11-27T08:00:00.000Z' },
      NOW,
    );
    expect(text).toBe('Site unreachable since November 3, 2026');
  });

  it('says nothing before the first check, and why a site was not visited', () => {
    expect(describeSiteCheck({ state: 'unchecked', since: null, checked_at: null }, NOW)).toBeNull();
    expect(describeSiteCheck({ state: 'unknown', since: null, checked_at: NOW.toString() }, NOW)).toMatch(
      /robots\.txt/,
    );
  });

  it('counts days as whole days', () => {
    expect(daysAgo('2026-11-27T01:00:00.000Z', NOW)).toBe('today');
    expect(daysAgo('2026-11-26T11:00:00.000Z', NOW)).toBe('yesterday');
  });

  it('demotes only a site down for 30 days or more', () => {
    expect(isLongDown('down', '2026-10-28T12:00:00.000Z', NOW)).toBe(true);
    expect(isLongDown('down', '2026-10-29T12:00:01.000Z', NOW)).toBe(false);
    expect(isLongDown('up', '2026-01-01T00:00:00.000Z', NOW)).toBe(false);
  });
});
