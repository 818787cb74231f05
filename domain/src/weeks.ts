// Weeks as the dashboards count them: each starts on a Monday, 00:00 UTC, and is named by that
// day (YYYY-MM-DD), so a week's name sorts and compares as text.

export const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;

/** The Monday (UTC) that starts the week of `date`, as YYYY-MM-DD. */
export function weekStart(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The `count` weeks up to and including the week of `now`, oldest first. */
export function lastWeeks(now: Date, count: number): string[] {
  const current = Date.parse(weekStart(now));
  return Array.from({ length: count }, (_, index) =>
    new Date(current - (count - 1 - index) * WEEK_MS).toISOString().slice(0, 10),
  );
}
