import type {
  AdminCodeRequired,
  AdminSessionAnswer,
  AdminSignedIn,
  AdminToken,
} from '@agentry/domain/contract/admin';
import type { Success } from '@agentry/domain/contract/shapes';
import { apiRequest } from '../../../lib/api/api-client';

// The admin's own session, apart from the site's accounts: GET /api/admin/session is the client's
// "admin flag" (spec section 2), answered 200 either way, so a signed-out visitor's browser logs
// no error; login and session both hand over the CSRF token that every state-changing admin call
// sends.

export interface AdminSession {
  username: string;
  csrfToken: string;
}

const sessionOf = (answer: AdminSignedIn): AdminSession => ({
  username: answer.admin.username,
  csrfToken: answer.csrf_token,
});

/** GET /api/admin/session → the admin session, or null when no admin is signed in here. */
export async function getAdminSession(signal?: AbortSignal): Promise<AdminSession | null> {
  const answer = await apiRequest<AdminSessionAnswer>('/api/admin/session', { signal });
  return answer.admin ? sessionOf(answer as AdminSignedIn) : null;
}

/** The password was right and the account has two-factor sign-in: the code is the next step. */
export interface CodeRequired {
  codeRequired: true;
  /** The token of the session that waits for the code. */
  csrfToken: string;
  message: string;
}

/**
 * POST /api/admin/login with the token of a fresh admin session (GET /api/admin/csrf-token), so no
 * other site can sign this browser in; 401 'Invalid credentials', 429 when throttled, 403 when
 * two-factor sign-in is required and not set up. With two-factor sign-in the answer asks for the code.
 */
export async function loginAdmin(username: string, password: string): Promise<AdminSession | CodeRequired> {
  const { csrf_token } = await apiRequest<AdminToken>('/api/admin/csrf-token');
  const answer = await apiRequest<AdminSignedIn | AdminCodeRequired>('/api/admin/login', {
    method: 'POST',
    body: { username, password },
    headers: { 'X-CSRF-Token': csrf_token },
  });
  if ('totp_required' in answer && answer.totp_required)
    return { codeRequired: true, csrfToken: answer.csrf_token, message: answer.message };
  return sessionOf(answer as AdminSignedIn);
}

/** POST /api/admin/login/totp: the code from the app (or a recovery code); 401 'Invalid code'. */
export async function sendAdminCode(csrfToken: string, code: string): Promise<AdminSession> {
  return sessionOf(
    await apiRequest<AdminSignedIn>('/api/admin/login/totp', {
      method: 'POST',
      body: { code },
      headers: { 'X-CSRF-Token': csrfToken },
    }),
  );
}

/** POST /api/admin/logout. */
export async function logoutAdmin(csrfToken: string): Promise<void> {
  await apiRequest<Success>('/api/admin/logout', { method: 'POST', headers: { 'X-CSRF-Token': csrfToken } });
}
