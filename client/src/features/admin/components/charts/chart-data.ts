// The charts' data, shaped from GET /api/admin/stats: pure functions, tested on their own.

export interface CountSlice {
  label: string;
  count: number;
}

export const TOP_CATEGORIES = 15;
export const OTHER_LABEL = 'Other';

/**
 * The largest categories (TOP_CATEGORIES of them), the rest summed as "Other" — unless the rest is
 * one category, which then shows under its own name (a bar named "Other" would hide it for nothing).
 */
export function topCategories(
  perCategory: ReadonlyArray<{ value: string; count: number }>,
  limit = TOP_CATEGORIES,
): CountSlice[] {
  const sorted = [...perCategory].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  if (sorted.length === limit + 1) limit += 1;
  const top = sorted.slice(0, limit).map(({ value, count }) => ({ label: value, count }));
  const rest = sorted.slice(limit).reduce((sum, { count }) => sum + count, 0);
  return rest > 0 ? [...top, { label: OTHER_LABEL, count: rest }] : top;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-16' (a Monday) → 'Nov 16'; read as a calendar date, whatever the time zone. */
export function weekLabel(week: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(week);
  if (!match) return week;
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${month} ${Number(match[3])}` : week;
}

export function sumOf(slices: ReadonlyArray<{ count: number }>): number {
  return slices.reduce((sum, slice) => sum + slice.count, 0);
}
