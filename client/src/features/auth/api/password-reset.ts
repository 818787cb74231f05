import type { MessageAnswer } from '@agentry/domain/contract/shapes';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

/** POST /api/auth/forgot-password: always the same neutral message, whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<MessageAnswer> {
  return sendWithCsrf<MessageAnswer>('/api/auth/forgot-password', { method: 'POST', body: { email } });
}

/** POST /api/auth/reset-password: sets the new password and ends every session of the account. */
export function resetPassword(token: string, password: string): Promise<MessageAnswer> {
  return sendWithCsrf<MessageAnswer>('/api/auth/reset-password', {
    method: 'POST',
    body: { token, password },
  });
}
