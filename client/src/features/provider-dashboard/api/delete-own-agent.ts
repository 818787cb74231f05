import type { MessageAnswer } from '@agentry/domain/contract/shapes';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

/** DELETE /api/users/agents/{id}: takes the listing down (staff can still restore it). */
export async function deleteOwnAgent(id: string): Promise<void> {
  await sendWithCsrf<MessageAnswer>(`/api/users/agents/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
