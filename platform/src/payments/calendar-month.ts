// Monthly billing periods counted as Stripe counts them: every period ends on the billing cycle
// anchor's day of a later month, or on that month's last day when the month is shorter
// (Jan 31 → Feb 28 or 29 → Mar 31), at the anchor's time of day. In UTC, so that a period never
// depends on the server's time zone. Times are Unix seconds, as in Stripe's objects.

/** `months` calendar months after `anchor`, on the anchor's day or the month's last day when shorter. */
export function addCalendarMonths(anchor: number, months: number): number {
  const date = new Date(anchor * 1000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  // Day 0 of the next month is the last day of this one (Date.UTC carries months past December).
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()) / 1000;
}

export interface MonthlyPeriod {
  start: number;
  end: number;
}

/** The monthly period, counted from `anchor`, that contains `now` (the first one when now is earlier). */
export function monthlyPeriodAt(anchor: number, now: number): MonthlyPeriod {
  const from = new Date(anchor * 1000);
  const to = new Date(now * 1000);
  const monthsApart =
    (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
  // A guess one month short of the answer, then forward: the calendar's uneven months make exact division unsafe.
  let index = Math.max(0, monthsApart - 1);
  while (addCalendarMonths(anchor, index + 1) <= now) index += 1;
  return { start: addCalendarMonths(anchor, index), end: addCalendarMonths(anchor, index + 1) };
}
