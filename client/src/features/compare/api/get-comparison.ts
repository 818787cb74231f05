import type { ComparedAgent } from '@agentry/domain/compare-rows';
import type { ComparisonAnswer } from '@agentry/domain/contract/employer';
import { apiRequest } from '../../../lib/api/api-client';

/**
 * GET /api/compare?ids=1,2,3 → the 2 to 4 agents in the order asked; 404 (with `missing_ids`) when
 * some are not listed, 403 `requires_subscription` without an active employer subscription.
 */
export async function getComparison(ids: readonly string[], signal?: AbortSignal): Promise<ComparedAgent[]> {
  const answer = await apiRequest<ComparisonAnswer>(
    `/api/compare?ids=${ids.map(encodeURIComponent).join(',')}`,
    { signal },
  );
  return answer.agents;
}
