import type { PublicAgent } from '@agentry/domain/agent';
import { apiRequest } from '../../../lib/api/api-client';

export interface PublicSignals {
  week: string;
  most_compared: Array<{ agent: PublicAgent; people: number }>;
  trending: Array<{ agent: PublicAgent; people: number; growth: number }>;
}

/** GET /api/signals: most compared this week, and trending (issue 26). */
export function getSignals(signal?: AbortSignal): Promise<PublicSignals> {
  return apiRequest<PublicSignals>('/api/signals', { signal });
}
