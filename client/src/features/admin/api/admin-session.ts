import { apiRequest } from '../../../lib/api/api-client';

// The admin's own session, apart from the site's accounts: GET /api/admin/me is the client's
// "admin flag" (spec section 2); login and me both hand over the CSRF token that every
// state-changing admin call sends.

export interface AdminSession {
  username: string;
  csrfToken: string;
}

interface SessionAnswer {
  success: boolean;
  admin: { username: string };
  csrf_token: string;
}

const sessionOf = (answer: SessionAnswer): AdminSession => ({
  username: answer.admin.username,
  csrfToken: answer.csrf_token,
});

/** GET /api/admin/me → the admin session; a 401 (signed out) rejects with an ApiError. */
export async function getAdminMe(signal?: AbortSignal): Promise<AdminSession> {
  return sessionOf(await apiRequest<SessionAnswer>('/api/admin/me', { signal }));
}

/**
 * POST /api/admin/login with the token of a fresh admin session (GET /api/admin/csrf-token), so no
 * other site can sign this browser in; 401 'Invalid credentials', 429 when throttled.
 */
export async function loginAdmin(username: string, password: string): Promise<AdminSession> {
  const { csrf_token } = await apiRequest<{ csrf_token: string }>('/api/admin/csrf-token');
  return sessionOf(
    await apiRequest<SessionAnswer>('/api/admin/login', {
      method: 'POST',
      body: { username, password },
      headers: { 'X-CSRF-Token': csrf_token },
    }),
  );
}

/** POST /api/admin/logout. */
export async function logoutAdmin(csrfToken: string): Promise<void> {
  await apiRequest<unknown>('/api/admin/logout', { method: 'POST', headers: { 'X-CSRF-Token': csrfToken } });
}
