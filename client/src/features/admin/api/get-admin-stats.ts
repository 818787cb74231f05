import { apiRequest } from '../../../lib/api/api-client';

export interface AdminStats {
  agents: { total: number; active: number; removed: number };
  per_category: Array<{ value: string; count: number }>;
  /** The last 12 weeks, oldest first; `week` is the Monday (YYYY-MM-DD). */
  weekly: Array<{ week: string; agents: number; subscribers: number }>;
  subscriptions: { active: number; inactive: number };
}

/** GET /api/admin/stats: the dashboard's counts and the charts' data. */
export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return apiRequest<AdminStats & { success: boolean }>('/api/admin/stats', { signal });
}
