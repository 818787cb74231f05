import { addCalendarMonths, monthlyPeriodAt } from './calendar-month';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('addCalendarMonths', () => {
  it('keeps the day and the time of day', () => {
    expect(iso(addCalendarMonths(at('2026-03-15T10:20:30Z'), 1))).toBe('2026-04-15T10:20:30.000Z');
  });

  it('ends on the last day of a shorter month', () => {
    expect(iso(addCalendarMonths(at('2026-01-31T12:00:00Z'), 1))).toBe('2026-02-28T12:00:00.000Z');
    expect(iso(addCalendarMonths(at('2028-01-31T12:00:00Z'), 1))).toBe('2028-02-29T12:00:00.000Z');
    expect(iso(addCalendarMonths(at('2026-03-31T00:00:00Z'), 1))).toBe('2026-04-30T00:00:00.000Z');
  });

  it('counts from the anchor, so a period after a short month returns to the anchor day', () => {
    expect(iso(addCalendarMonths(at('2026-01-31T12:00:00Z'), 2))).toBe('2026-03-31T12:00:00.000Z');
  });

  it('crosses into the next year', () => {
    expect(iso(addCalendarMonths(at('2026-12-31T23:59:59Z'), 1))).toBe('2027-01-31T23:59:59.000Z');
    expect(iso(addCalendarMonths(at('2026-11-30T08:00:00Z'), 15))).toBe('2028-02-29T08:00:00.000Z');
  });
});

describe('monthlyPeriodAt', () => {
  const anchor = at('2026-01-31T12:00:00Z');

  it('answers the first period before its end', () => {
    expect(monthlyPeriodAt(anchor, anchor)).toEqual({ start: anchor, end: at('2026-02-28T12:00:00Z') });
    expect(monthlyPeriodAt(anchor, at('2026-02-28T11:59:59Z')).end).toBe(at('2026-02-28T12:00:00Z'));
  });

  it('moves to the next period exactly at the end of one', () => {
    expect(monthlyPeriodAt(anchor, at('2026-02-28T12:00:00Z'))).toEqual({
      start: at('2026-02-28T12:00:00Z'),
      end: at('2026-03-31T12:00:00Z'),
    });
  });

  it('finds the period containing a time many months later', () => {
    expect(monthlyPeriodAt(anchor, at('2027-05-01T00:00:00Z'))).toEqual({
      start: at('2027-04-30T12:00:00Z'),
      end: at('2027-05-31T12:00:00Z'),
    });
  });

  it('answers the first period for a time before the anchor', () => {
    expect(monthlyPeriodAt(anchor, anchor - 86400).start).toBe(anchor);
  });
});
