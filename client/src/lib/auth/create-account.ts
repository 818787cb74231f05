import { sendWithCsrf } from '../api/send-with-csrf';
import type { SessionUser } from './auth-api';

// Both sign-up paths (a provider's account setup, an employer's signup) create the account the
// same way, so this lives beside the session rather than in either feature.

export interface NewAccount {
  email: string;
  password: string;
  full_name: string;
  organization: string;
  phone: string;
  user_type: 'agent_provider' | 'employer';
}

export interface CreateAccountAnswer {
  success: boolean;
  user_id?: string;
  user?: SessionUser;
  user_type?: string;
}

/** POST /api/users: creates the account and signs it in (a new session); 409 when the e-mail has one. */
export function createAccount(account: NewAccount): Promise<CreateAccountAnswer> {
  return sendWithCsrf<CreateAccountAnswer>('/api/users', { method: 'POST', body: account });
}
