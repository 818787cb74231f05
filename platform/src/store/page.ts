/**
 * The page a list() call answers, whatever it was asked: `limit` within [0, max] (max when left
 * out, so no caller reads a whole collection by accident) and `offset` a whole number from 0.
 */
export function pageOf(options: { limit?: number; offset?: number }, max: number) {
  const whole = (value: number | undefined, fallback: number) =>
    value !== undefined && Number.isFinite(value) ? Math.max(0, Math.floor(value)) : fallback;
  return { limit: Math.min(max, whole(options.limit, max)), offset: whole(options.offset, 0) };
}

/** Buckets of (day, count) rows: the same shape from every adapter's group-by. */
export const dayCounts = (rows: Array<{ day: string; count: number }>) =>
  rows.map(({ day, count }) => ({ day, count: Number(count) })).sort((a, b) => a.day.localeCompare(b.day));
