import { getCsrfToken } from '../auth/auth-api';
import { apiRequest, type RequestOptions } from './api-client';

// State-changing calls (spec section 7) send the session's CSRF token in X-CSRF-Token. The token
// is read fresh for each call: signing in or creating an account starts a new session with a new
// token, and a stale one would be refused with a 403.

export async function sendWithCsrf<T>(
  path: string,
  options: Omit<RequestOptions, 'headers'> & { method: 'POST' | 'PUT' | 'DELETE' },
): Promise<T> {
  const token = await getCsrfToken();
  return apiRequest<T>(path, { ...options, headers: { 'X-CSRF-Token': token } });
}
