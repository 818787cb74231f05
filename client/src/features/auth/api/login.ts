import { sendWithCsrf } from '../../../lib/api/send-with-csrf';
import type { SessionUser } from '../../../lib/auth/auth-api';

export interface LoginAnswer {
  success: boolean;
  user: SessionUser;
  user_type: string;
}

/** POST /api/auth/login → the signed-in user. The server starts a new session (new id, new CSRF token). */
export async function login(email: string, password: string): Promise<SessionUser> {
  const answer = await sendWithCsrf<LoginAnswer>('/api/auth/login', {
    method: 'POST',
    body: { email, password },
  });
  // The spec allows user_type at the top level or under user; the dashboards read it from user.
  return { ...answer.user, user_type: answer.user_type ?? answer.user.user_type };
}
