import type { Shortlist, ShortlistAnswer, ShortlistsAnswer } from '@agentry/domain/contract/employer';
import type { Success } from '@agentry/domain/contract/shapes';
import { apiRequest } from './api-client';
import { sendWithCsrf } from './send-with-csrf';

// An employer's shortlists (named lists of agents). Shared: the employer dashboard manages them,
// and "Save to list" on the advanced search and the comparison adds to them.

export { SHORTLIST_AGENTS_MAX, SHORTLIST_NAME_MAX } from '@agentry/domain/employer-tools';
export type { Shortlist };

const path = (id: string) => `/api/shortlists/${encodeURIComponent(id)}`;

/** GET /api/shortlists → the employer's lists, newest first. */
export async function getShortlists(signal?: AbortSignal): Promise<Shortlist[]> {
  return (await apiRequest<ShortlistsAnswer>('/api/shortlists', { signal })).shortlists;
}

/** POST /api/shortlists → the new list; 409 when another list has that name. */
export async function createShortlist(name: string): Promise<Shortlist> {
  return (await sendWithCsrf<ShortlistAnswer>('/api/shortlists', { method: 'POST', body: { name } }))
    .shortlist;
}

/** PUT /api/shortlists/:id → the renamed list. */
export async function renameShortlist(id: string, name: string): Promise<Shortlist> {
  return (await sendWithCsrf<ShortlistAnswer>(path(id), { method: 'PUT', body: { name } })).shortlist;
}

/** DELETE /api/shortlists/:id */
export async function deleteShortlist(id: string): Promise<void> {
  await sendWithCsrf<Success>(path(id), { method: 'DELETE' });
}

/** POST /api/shortlists/:id/agents → the list with the agent at its end (unchanged if there already). */
export async function addToShortlist(id: string, agentId: string): Promise<Shortlist> {
  return (
    await sendWithCsrf<ShortlistAnswer>(`${path(id)}/agents`, { method: 'POST', body: { agent_id: agentId } })
  ).shortlist;
}

/** DELETE /api/shortlists/:id/agents/:agentId → the list without it. */
export async function removeFromShortlist(id: string, agentId: string): Promise<Shortlist> {
  return (
    await sendWithCsrf<ShortlistAnswer>(`${path(id)}/agents/${encodeURIComponent(agentId)}`, {
      method: 'DELETE',
    })
  ).shortlist;
}
