import { DAY_MS, weekStart } from '@agentry/domain/weeks';
import type { DayCount } from '@agentry/platform/store/port';
import type { Query } from '../command';

export const STATS_WEEKS = 12;

/** The last `weeks` weeks, oldest first, each with its count from the per-day counts (0 for a quiet week). */
export function perWeek(
  days: DayCount[],
  now: Date,
  weeks = STATS_WEEKS,
): Array<{ week: string; count: number }> {
  const current = Date.parse(weekStart(now));
  const starts = Array.from({ length: weeks }, (_, index) =>
    new Date(current - (weeks - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
  const counts = new Map(starts.map((week) => [week, 0]));
  for (const { day, count } of days) {
    const week = weekStart(new Date(`${day}T00:00:00Z`));
    if (counts.has(week)) counts.set(week, counts.get(week)! + count);
  }
  return starts.map((week) => ({ week, count: counts.get(week)! }));
}

/** The admin dashboard's figures: counts and the charts' series, each one grouped query. */
export interface DashboardStats {
  agents: { total: number; active: number; removed: number };
  per_category: Array<{ value: string; count: number }>;
  weekly: Array<{ week: string; agents: number; subscribers: number }>;
  subscriptions: { active: number; inactive: number };
}

export const dashboardStats: Query<'store' | 'now', void, DashboardStats> = async ({ store, now: clock }) => {
  const now = new Date(clock());
  const since = new Date(Date.parse(weekStart(now)) - (STATS_WEEKS - 1) * 7 * DAY_MS);
  const [total, active, perCategory, agentDays, userDays, statuses] = await Promise.all([
    store.agents.count({ includeRemoved: true }),
    store.agents.count(),
    store.agents.countBy('category'),
    store.agents.createdPerDay(since),
    store.users.createdPerDay(since),
    store.users.countByStatus(),
  ]);
  const agentWeeks = perWeek(agentDays, now);
  const userWeeks = perWeek(userDays, now);
  const activeSubscriptions = statuses.find((entry) => entry.value === 'active')?.count ?? 0;
  const allSubscribers = statuses.reduce((sum, entry) => sum + entry.count, 0);
  return {
    agents: { total, active, removed: total - active },
    per_category: [...perCategory].sort((a, b) => b.count - a.count),
    weekly: agentWeeks.map((entry, index) => ({
      week: entry.week,
      agents: entry.count,
      subscribers: userWeeks[index]!.count,
    })),
    subscriptions: { active: activeSubscriptions, inactive: allSubscribers - activeSubscriptions },
  };
};
