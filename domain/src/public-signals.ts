import { WEEK_MS, weekStart } from './weeks';

// "Most compared this week" and "Trending" (issue 26): lists made from the provider analytics'
// counts, which count people (an account, or an address), once per agent and day, never requests
// (issue 21). Weeks are stored whole (Monday, UTC); a window of the last seven days is estimated as
// this week so far plus the part of last week still within seven days. Written once for the server
// (which ranks) and the ranking policy page (which explains).

export const SIGNALS = {
  /** Agents each list shows. */
  listLength: 6,
  /** An agent enters "most compared" once this many people compared it within the seven days. */
  minCompared: 3,
  /** An agent enters "trending" once this many people opened its page this week... */
  minViews: 5,
  /** ...and at least this many times as many as over the same part of last week. */
  minGrowth: 1.5,
  /** How long a process keeps the lists before asking the store again. */
  cacheMinutes: 10,
} as const;

/** How much of the current week (from Monday 00:00 UTC) has passed, from 0 to 1. */
export function weekShare(now: Date): number {
  const start = Date.parse(weekStart(now));
  return Math.min(1, Math.max(0, (now.getTime() - start) / WEEK_MS));
}

/** The last seven days, estimated: this week so far, and last week's count for the days still within them. */
export function lastSevenDays(thisWeek: number, lastWeek: number, share: number): number {
  return Math.round(thisWeek + lastWeek * (1 - share));
}

/** How much faster an agent is viewed this week than over the same part of last week (1 = as fast). */
export function growth(thisWeek: number, lastWeek: number, share: number): number {
  return (thisWeek + 1) / (lastWeek * share + 1);
}
