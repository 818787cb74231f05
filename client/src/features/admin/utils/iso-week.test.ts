import { isoWeekLabel, isoWeekMonday } from './iso-week';

describe('ISO weeks', () => {
  it.each([
    ['2026-W47', '2026-11-16'],
    ['2026-W01', '2025-12-29'],
    ['2027-W01', '2027-01-04'],
    ['2026-W53', '2026-12-28'],
  ])('starts %s on Monday %s', (week, monday) => {
    expect(isoWeekMonday(week)?.toISOString().slice(0, 10)).toBe(monday);
  });

  it('labels a week by its Monday, and anything else by itself', () => {
    expect(isoWeekLabel('2026-W47')).toBe('Nov 16, 2026');
    expect(isoWeekLabel('2026-11-16')).toBe('2026-11-16');
    expect(isoWeekLabel('2026-W60')).toBe('2026-W60');
  });
});
