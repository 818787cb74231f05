import type { UploadReport } from '@agentry/domain/contract/admin';
import { adminSend } from './admin-send';

export type { SkippedRow, UploadReport } from '@agentry/domain/contract/admin';

/** POST /api/admin/upload (multipart, field `file`) → what was added and what was skipped, and why. */
export async function uploadAgents(csrfToken: string, file: File): Promise<UploadReport> {
  const body = new FormData();
  body.append('file', file);
  const answer = await adminSend<UploadReport>(csrfToken, '/api/admin/upload', {
    method: 'POST',
    body,
  });
  // An answer without the list (an older server) shows no skipped rows rather than failing.
  return { ...answer, skipped_agents: answer.skipped_agents ?? [] };
}
