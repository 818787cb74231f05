// How the admin dashboard labels an ISO week ("2026-W47", as the MCP usage counts name them).

import { isoWeekMonday } from '@agentry/domain/iso-weeks';

/** "2026-W47" → "Nov 16, 2026" (its Monday); the name itself when it is not a week. */
export function isoWeekLabel(name: string): string {
  const monday = isoWeekMonday(name);
  return monday
    ? monday.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
    : name;
}
