import type { LogoAnswer } from '@agentry/domain/contract/logos';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

const path = (id: string) => `/api/users/agents/${encodeURIComponent(id)}/logo`;

/** PUT /api/users/agents/{id}/logo (multipart, field `file`): the logo the agent shows now. */
export async function uploadOwnLogo(id: string, file: Blob): Promise<string | null> {
  const body = new FormData();
  body.append('file', file, 'logo');
  return (await sendWithCsrf<LogoAnswer>(path(id), { method: 'PUT', body })).logo;
}

/** DELETE /api/users/agents/{id}/logo: the uploaded logo taken back; what the agent shows now. */
export async function removeOwnLogo(id: string): Promise<string | null> {
  return (await sendWithCsrf<LogoAnswer>(path(id), { method: 'DELETE' })).logo;
}
