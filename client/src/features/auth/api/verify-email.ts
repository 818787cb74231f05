import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

export interface VerifyEmailAnswer {
  success: boolean;
  message: string;
  /** How many agents registered under the address were given to the account. */
  claimed: number;
}

/** POST /api/auth/verify-email: the link's token is single use, so call this once per token. */
export function verifyEmail(token: string): Promise<VerifyEmailAnswer> {
  return sendWithCsrf<VerifyEmailAnswer>('/api/auth/verify-email', { method: 'POST', body: { token } });
}
