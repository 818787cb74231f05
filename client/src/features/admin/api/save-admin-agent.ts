import type { AgentField } from '@agentry/domain/agent';
import type { AdminAgentAnswer, AdminAgentBody } from '@agentry/domain/contract/admin';
import { adminSend } from './admin-send';
import type { AdminAgent } from './get-admin-agents';

// Add and edit (spec section 7). The fields are sent as validateAdminAgent left them: trimmed, the
// address with its https://, email and status as '' when left empty.

export type AdminAgentFields = Record<AgentField | 'email', string>;

/** POST /api/admin/agents → 201 the new agent; 400 names the missing fields; 409 a duplicate. */
export async function createAdminAgent(csrfToken: string, fields: AdminAgentFields): Promise<AdminAgent> {
  const answer = await adminSend<AdminAgentAnswer>(csrfToken, '/api/admin/agents', {
    method: 'POST',
    body: fields satisfies AdminAgentBody,
  });
  return answer.agent;
}

/** PUT /api/admin/agents/{id} with the same fields plus status → the saved agent. */
export async function updateAdminAgent(
  csrfToken: string,
  id: string,
  fields: AdminAgentFields & { status: string },
): Promise<AdminAgent> {
  const answer = await adminSend<AdminAgentAnswer>(csrfToken, `/api/admin/agents/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: fields satisfies AdminAgentBody,
  });
  return answer.agent;
}

/** DELETE /api/admin/agents/{id} (a soft delete: removed = true) or POST …/restore (removed = false). */
export async function setAgentRemoved(csrfToken: string, id: string, removed: boolean): Promise<AdminAgent> {
  const path = `/api/admin/agents/${encodeURIComponent(id)}`;
  const answer = removed
    ? await adminSend<AdminAgentAnswer>(csrfToken, path, { method: 'DELETE' })
    : await adminSend<AdminAgentAnswer>(csrfToken, `${path}/restore`, { method: 'POST' });
  return answer.agent;
}
