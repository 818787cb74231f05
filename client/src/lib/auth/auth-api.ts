import { apiRequest } from '../api/api-client';

export interface SessionUser {
  id: string;
  email: string;
  full_name: string;
  organization: string;
  phone?: string | null;
  user_type: string;
  // Optional: the account fields of docs/accounts.md. Older answers (and tests) may leave them out.
  /** 'active' or 'inactive', derived on the server from the payment state. */
  subscription_status?: string;
  /** False until the link sent to the address is opened; agents registered under it wait until then. */
  email_verified?: boolean;
  /** The provider page's address (/providers/:slug), when the account has one. */
  slug?: string | null;
  website?: string | null;
  created_at?: string;
}

interface MeResponse {
  success: boolean;
  user: (Omit<SessionUser, 'user_type'> & { user_type?: string }) | null;
  /** The spec allows user_type at the top level or under user. */
  user_type?: string;
}

/** GET /api/auth/me → the signed-in user, or null when signed out. */
export async function getMe(signal?: AbortSignal): Promise<SessionUser | null> {
  const data = await apiRequest<MeResponse>('/api/auth/me', { signal });
  if (!data.success || !data.user) return null;
  return { ...data.user, user_type: data.user_type ?? data.user.user_type ?? '' };
}

/** GET /api/csrf-token → the token state-changing calls send as X-CSRF-Token. */
export async function getCsrfToken(): Promise<string> {
  const data = await apiRequest<{ csrf_token: string }>('/api/csrf-token');
  return data.csrf_token;
}

/** POST /api/auth/logout with a fresh CSRF token. */
export async function logout(): Promise<void> {
  const token = await getCsrfToken();
  await apiRequest<unknown>('/api/auth/logout', { method: 'POST', headers: { 'X-CSRF-Token': token } });
}

/** Whether the account's plan is paid up (only 'active' gives access; anything else does not). */
export function isSubscribed(user: Pick<SessionUser, 'subscription_status'>): boolean {
  return user.subscription_status === 'active';
}

/** Where "Dashboard" leads: providers to their dashboard, every other user type to the employer one. */
export function dashboardPath(user: Pick<SessionUser, 'user_type'>): string {
  return user.user_type === 'agent_provider' ? '/dashboard' : '/employer-dashboard';
}
