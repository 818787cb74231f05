import { apiRequest, type RequestOptions } from '../../../lib/api/api-client';

/** A state-changing admin call: sends the admin session's CSRF token in X-CSRF-Token (spec section 7). */
export function adminSend<T>(
  csrfToken: string,
  path: string,
  options: Omit<RequestOptions, 'headers'> & { method: 'POST' | 'PUT' | 'DELETE' },
): Promise<T> {
  return apiRequest<T>(path, { ...options, headers: { 'X-CSRF-Token': csrfToken } });
}
