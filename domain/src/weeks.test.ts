import { lastWeeks, weekStart } from './weeks';

describe('weekStart', () => {
  it('names a week by its Monday, in UTC', () => {
    expect(weekStart(new Date('2026-11-16T00:00:00Z'))).toBe('2026-11-16');
    expect(weekStart(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-16');
    expect(weekStart(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
  });

  it('crosses months and years', () => {
    expect(weekStart(new Date('2027-01-01T12:00:00Z'))).toBe('2026-12-28');
  });
});

describe('lastWeeks', () => {
  it('lists the weeks up to the current one, oldest first', () => {
    expect(lastWeeks(new Date('2026-11-18T10:00:00Z'), 3)).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
  });
});
