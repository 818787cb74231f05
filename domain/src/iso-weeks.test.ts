import { isoWeek, isoWeekMonday, lastIsoWeeks } from './iso-weeks';
import { weekStart } from './weeks';

describe('ISO weeks', () => {
  it('names the week of a date, Monday to Sunday, zero-padded', () => {
    expect(isoWeek(new Date('2026-11-16T00:00:00Z'))).toBe('2026-W47');
    expect(isoWeek(new Date('2026-11-22T23:59:59Z'))).toBe('2026-W47');
    expect(isoWeek(new Date('2026-11-23T00:00:00Z'))).toBe('2026-W48');
    expect(isoWeek(new Date('2026-03-04T12:00:00Z'))).toBe('2026-W10');
    expect(isoWeek(new Date('2026-01-05T00:00:00Z'))).toBe('2026-W02');
  });

  it('gives the days around New Year to the year of their Thursday', () => {
    expect(isoWeek(new Date('2026-01-01T00:00:00Z'))).toBe('2026-W01');
    expect(isoWeek(new Date('2025-12-29T00:00:00Z'))).toBe('2026-W01');
    expect(isoWeek(new Date('2027-01-01T00:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2027-01-04T00:00:00Z'))).toBe('2027-W01');
    expect(isoWeek(new Date('2021-01-03T00:00:00Z'))).toBe('2020-W53');
  });

  it('lists the last weeks newest first, across a year end, each once', () => {
    expect(lastIsoWeeks(new Date('2026-01-07T00:00:00Z'), 4)).toEqual([
      '2026-W02',
      '2026-W01',
      '2025-W52',
      '2025-W51',
    ]);
    const year = lastIsoWeeks(new Date('2026-11-20T00:00:00Z'), 60);
    expect(new Set(year).size).toBe(60);
    expect([...year].sort().reverse()).toEqual(year);
  });

  it.each([
    ['2026-W47', '2026-11-16'],
    ['2026-W01', '2025-12-29'],
    ['2027-W01', '2027-01-04'],
    ['2026-W53', '2026-12-28'],
  ])('starts %s on Monday %s', (week, monday) => {
    expect(isoWeekMonday(week)?.toISOString().slice(0, 10)).toBe(monday);
  });

  it('parses back the Monday of every week it names, and refuses what is not a week', () => {
    for (let day = Date.UTC(2020, 11, 20); day < Date.UTC(2027, 1, 1); day += 86_400_000) {
      const date = new Date(day);
      expect(isoWeekMonday(isoWeek(date))?.toISOString().slice(0, 10)).toBe(weekStart(date));
    }
    expect(isoWeekMonday('2026-11-16')).toBeNull();
    expect(isoWeekMonday('2026-W00')).toBeNull();
    expect(isoWeekMonday('2026-W54')).toBeNull();
  });
});
