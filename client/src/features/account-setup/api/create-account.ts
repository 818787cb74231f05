import { sendWithCsrf } from '../../../lib/api/send-with-csrf';
import type { SessionUser } from '../../../lib/auth/auth-api';

export interface NewProviderAccount {
  email: string;
  password: string;
  full_name: string;
  organization: string;
  phone: string;
  user_type: 'agent_provider';
}

export interface CreateAccountAnswer {
  success: boolean;
  user_id?: string;
  user?: SessionUser;
  user_type?: string;
}

/** POST /api/users: creates the account and signs it in (a new session); 409 when the e-mail has one. */
export function createAccount(account: NewProviderAccount): Promise<CreateAccountAnswer> {
  return sendWithCsrf<CreateAccountAnswer>('/api/users', { method: 'POST', body: account });
}
