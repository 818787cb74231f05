import { adminSend } from './admin-send';

export interface SkippedRow {
  row: number;
  name: string;
  reason: string;
}

export interface UploadReport {
  added: number;
  skipped: number;
  skipped_agents: SkippedRow[];
}

/** POST /api/admin/upload (multipart, field `file`) → what was added and what was skipped, and why. */
export async function uploadAgents(csrfToken: string, file: File): Promise<UploadReport> {
  const body = new FormData();
  body.append('file', file);
  const answer = await adminSend<UploadReport & { success: boolean }>(csrfToken, '/api/admin/upload', {
    method: 'POST',
    body,
  });
  return { added: answer.added, skipped: answer.skipped, skipped_agents: answer.skipped_agents ?? [] };
}
