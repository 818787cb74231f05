// ISO 8601 weeks ("2026-W47"), as the MCP usage counts name them: a week starts on a Monday, and
// week 1 is the one holding January 4th.

import { DAY_MS, WEEK_MS } from '@agentry/domain/weeks';

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

/** "2026-W47" → "Nov 16, 2026" (its Monday); the name itself when it is not a week. */
export function isoWeekLabel(name: string): string {
  const monday = isoWeekMonday(name);
  return monday
    ? monday.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
    : name;
}
