import { hasEmployerPlan } from './auth-api';
import { type AuthState, useAuth } from './auth-provider';

// Who may use the employer tools (advanced search, comparison, shortlists, contact requests): a
// signed-in employer with an active subscription, their own or their team's (issue 28). The server checks it on every call; the client
// only decides what to show: the tools, or what they offer and how to get them.

export type EmployerAccess =
  | 'loading'
  /** Signed out. */
  | 'visitor'
  /** Signed in with another kind of account (a provider). */
  | 'not-employer'
  /** An employer without an active subscription. */
  | 'lapsed'
  | 'active';

export function employerAccess(state: AuthState): EmployerAccess {
  if (state.status === 'loading') return 'loading';
  if (state.status === 'signed-out') return 'visitor';
  if (state.user.user_type !== 'employer') return 'not-employer';
  return hasEmployerPlan(state.user) ? 'active' : 'lapsed';
}

export function useEmployerAccess(): EmployerAccess {
  return employerAccess(useAuth().state);
}
