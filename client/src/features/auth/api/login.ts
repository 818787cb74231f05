import type { LoginBody, SignedIn, User } from '@agentry/domain/contract/accounts';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

/** POST /api/auth/login → the signed-in user. The server starts a new session (new id, new CSRF token). */
export async function login(email: string, password: string): Promise<User> {
  const answer = await sendWithCsrf<SignedIn>('/api/auth/login', {
    method: 'POST',
    body: { email, password } satisfies LoginBody,
  });
  // The spec allows user_type at the top level or under user; the dashboards read it from user.
  return { ...answer.user, user_type: answer.user_type ?? answer.user.user_type };
}
