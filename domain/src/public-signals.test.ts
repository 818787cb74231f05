import { growth, lastSevenDays, weekShare } from './public-signals';

describe('public signals', () => {
  it('measures how much of the week has passed, from Monday 00:00 UTC', () => {
    expect(weekShare(new Date('2026-11-23T00:00:00.000Z'))).toBe(0);
    expect(weekShare(new Date('2026-11-26T12:00:00.000Z'))).toBe(0.5);
  });

  it('estimates the last seven days from this week so far and the rest of last week', () => {
    expect(lastSevenDays(4, 10, 0.5)).toBe(9);
    expect(lastSevenDays(4, 10, 1)).toBe(4);
  });

  it('compares views with the same part of last week', () => {
    expect(growth(20, 10, 0.5)).toBe(3.5);
    expect(growth(5, 40, 0.5)).toBeLessThan(1);
  });
});
