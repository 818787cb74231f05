import type { AdminStats } from '@agentry/domain/contract/admin';
import { apiRequest } from '../../../lib/api/api-client';

export type { AdminStats };

/** GET /api/admin/stats: the dashboard's counts and the charts' data. */
export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return apiRequest<AdminStats>('/api/admin/stats', { signal });
}
