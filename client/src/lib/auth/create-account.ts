import type { AccountCreated, CreateUserBody } from '@agentry/domain/contract/accounts';
import { sendWithCsrf } from '../api/send-with-csrf';

// Both sign-up paths (a provider's account setup, an employer's signup) create the account the
// same way, so this lives beside the session rather than in either feature.

/** What both sign-up forms send. */
export type NewAccount = Required<CreateUserBody>;
export type { AccountCreated as CreateAccountAnswer };

/** POST /api/users: creates the account and signs it in (a new session); 409 when the e-mail has one. */
export function createAccount(account: NewAccount): Promise<AccountCreated> {
  return sendWithCsrf<AccountCreated>('/api/users', { method: 'POST', body: account });
}
