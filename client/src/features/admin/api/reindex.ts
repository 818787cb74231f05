import type { ReindexAnswer, ReindexJob } from '@agentry/domain/contract/admin';
import { ApiError, apiRequest } from '../../../lib/api/api-client';
import { adminSend } from './admin-send';

export type { ReindexJob };

/** GET /api/admin/reindex → the latest job, or null when there has been none. */
export async function getReindexJob(signal?: AbortSignal): Promise<ReindexJob | null> {
  return (await apiRequest<ReindexAnswer>('/api/admin/reindex', { signal })).job;
}

/**
 * POST /api/admin/reindex → 202 the new job. A 409 (one is running already) answers that job too:
 * it is returned with the server's message, so the page follows it instead of failing.
 */
export async function startReindex(csrfToken: string): Promise<{ job: ReindexJob; notice: string | null }> {
  try {
    const answer = await adminSend<ReindexAnswer>(csrfToken, '/api/admin/reindex', { method: 'POST' });
    return { job: answer.job!, notice: null };
  } catch (error) {
    const job = error instanceof ApiError && error.status === 409 ? error.body?.job : undefined;
    if (!job || typeof job !== 'object') throw error;
    return { job: job as ReindexJob, notice: error instanceof ApiError ? error.message : null };
  }
}
