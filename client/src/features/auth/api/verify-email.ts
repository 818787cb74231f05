import type { VerifyEmailAnswer } from '@agentry/domain/contract/accounts';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

export type { VerifyEmailAnswer };

/** POST /api/auth/verify-email: the link's token is single use, so call this once per token. */
export function verifyEmail(token: string): Promise<VerifyEmailAnswer> {
  return sendWithCsrf<VerifyEmailAnswer>('/api/auth/verify-email', { method: 'POST', body: { token } });
}
