import type { CsrfToken, Me, MeTeam, User } from '@agentry/domain/contract/accounts';
import type { Success } from '@agentry/domain/contract/shapes';
import { apiRequest } from '../api/api-client';

/**
 * The signed-in account as the server describes it to its holder (the contract's User), with an
 * employer's team as GET /api/auth/me tells it (issue 28; unknown until that answer comes).
 */
export type SessionUser = User & { team?: MeTeam | null };

/** GET /api/auth/me → the signed-in user, or null when signed out. */
export async function getMe(signal?: AbortSignal): Promise<SessionUser | null> {
  const data = await apiRequest<Me>('/api/auth/me', { signal });
  if (!data.success || !data.user) return null;
  return { ...data.user, user_type: data.user_type ?? data.user.user_type, team: data.team ?? null };
}

/** GET /api/csrf-token → the token state-changing calls send as X-CSRF-Token. */
export async function getCsrfToken(): Promise<string> {
  const data = await apiRequest<CsrfToken>('/api/csrf-token');
  return data.csrf_token;
}

/** POST /api/auth/logout with a fresh CSRF token. */
export async function logout(): Promise<void> {
  const token = await getCsrfToken();
  await apiRequest<Success>('/api/auth/logout', { method: 'POST', headers: { 'X-CSRF-Token': token } });
}

/** Whether the account's plan is paid up (only 'active' gives access; anything else does not). */
export function isSubscribed(user: Pick<User, 'subscription_status'>): boolean {
  return user.subscription_status === 'active';
}

/**
 * Whether the employer tools are open to this account: a team's member (or subscriber) by the
 * team's plan, which is the subscriber's (issue 28); anyone else by their own plan.
 */
export function hasEmployerPlan(user: Pick<SessionUser, 'subscription_status' | 'team'>): boolean {
  return user.team ? user.team.plan_active : isSubscribed(user);
}

/** Where "Dashboard" leads: providers to their dashboard, every other user type to the employer one. */
export function dashboardPath(user: Pick<User, 'user_type'>): string {
  return user.user_type === 'agent_provider' ? '/dashboard' : '/employer-dashboard';
}
