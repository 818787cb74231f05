import { DAY_MS, WEEK_MS } from './weeks';

// ISO 8601 weeks ('2026-W47'): a week starts on a Monday and belongs to the year of its Thursday,
// so the last days of December may fall in week 1 of the next year. Zero-padded, the names sort
// as text in time order.

/** The ISO week of `date` (UTC), as YYYY-Www. */
export function isoWeek(date: Date): string {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  const thursday = new Date(day + (3 - sinceMonday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  // Week 1 is the week with the year's first Thursday; Thursdays are whole weeks apart.
  const firstThursday = Date.UTC(year, 0, 1 + ((4 - new Date(Date.UTC(year, 0, 1)).getUTCDay() + 7) % 7));
  const week = 1 + Math.round((thursday.getTime() - firstThursday) / WEEK_MS);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The `count` ISO weeks up to and including the week of `now`, newest first. */
export function lastIsoWeeks(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) => isoWeek(new Date(now.getTime() - index * WEEK_MS)));
}

/** The Monday (UTC) that starts the ISO week, or null for a name that is not one. */
export function isoWeekMonday(name: string): Date | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(name);
  if (!match) return null;
  const week = Number(match[2]);
  if (week < 1 || week > 53) return null;
  const january4 = Date.UTC(Number(match[1]), 0, 4);
  const sinceMonday = (new Date(january4).getUTCDay() + 6) % 7;
  return new Date(january4 - sinceMonday * DAY_MS + (week - 1) * WEEK_MS);
}
