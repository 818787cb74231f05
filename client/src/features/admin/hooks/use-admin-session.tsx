import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ApiError } from '../../../lib/api/api-client';
import { reportStaffSession } from '../../../lib/auth/staff-presence';
import { type AdminSession, getAdminSession, logoutAdmin } from '../api/admin-session';

// The admin flag of spec section 2: checked on arrival (GET /api/admin/session), set by the login form,
// cleared by Logout, and cleared by any admin call that answers 401: admin sessions idle out after
// 30 minutes, and the screen then goes back to its login form and says why.

export type AdminSessionState =
  | { status: 'checking' }
  | { status: 'signed-out'; expired: boolean }
  | { status: 'signed-in'; session: AdminSession };

export interface AdminSessionValue {
  state: AdminSessionState;
  signIn: (session: AdminSession) => void;
  logout: () => Promise<void>;
  /**
   * Runs an admin call with the session's CSRF token. A 401 ends the session (the login form
   * returns); the error is rethrown for the caller's own message either way.
   */
  run: <T>(call: (csrfToken: string) => Promise<T>) => Promise<T>;
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

const AdminSessionContext = createContext<AdminSessionValue | null>(null);

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AdminSessionState>({ status: 'checking' });
  const tokenRef = useRef('');

  // The header shows staff their area instead of "Sign In" (lib/auth/staff-presence.ts).
  useEffect(() => {
    if (state.status === 'signed-in') reportStaffSession(state.session.username);
    else if (state.status === 'signed-out') reportStaffSession(null);
  }, [state]);

  useEffect(() => {
    const controller = new AbortController();
    getAdminSession(controller.signal).then(
      (session) => {
        if (controller.signal.aborted) return;
        if (!session) return setState({ status: 'signed-out', expired: false });
        tokenRef.current = session.csrfToken;
        setState({ status: 'signed-in', session });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'signed-out', expired: false });
      },
    );
    return () => controller.abort();
  }, []);

  const signIn = useCallback((session: AdminSession) => {
    tokenRef.current = session.csrfToken;
    setState({ status: 'signed-in', session });
  }, []);

  const run = useCallback(async <T,>(call: (csrfToken: string) => Promise<T>): Promise<T> => {
    try {
      return await call(tokenRef.current);
    } catch (error) {
      if (isUnauthorized(error)) {
        tokenRef.current = '';
        setState({ status: 'signed-out', expired: true });
      }
      throw error;
    }
  }, []);

  const logout = useCallback(async () => {
    try {
      await logoutAdmin(tokenRef.current);
    } catch {
      // The session may be gone on the server already; here it ends regardless.
    }
    tokenRef.current = '';
    setState({ status: 'signed-out', expired: false });
  }, []);

  const value = useMemo(() => ({ state, signIn, logout, run }), [state, signIn, logout, run]);
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSessionValue {
  const value = useContext(AdminSessionContext);
  if (!value) throw new Error('useAdminSession must be used inside <AdminSessionProvider>');
  return value;
}
