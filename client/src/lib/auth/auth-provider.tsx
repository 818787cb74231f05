import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { getMe, logout as logoutRequest, type SessionUser } from './auth-api';

// Auth states of spec section 4: loading → signed in (with user) or signed out. Login success
// sets the user; logout always clears it, even when the call fails. refresh() re-reads the session
// after something changed it on the server (an e-mail verified, a password reset, a payment).

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: SessionUser }
  | { status: 'signed-out'; user: null };

export interface AuthContextValue {
  state: AuthState;
  signIn: (user: SessionUser) => void;
  /** Replaces the signed-in user with the server's newer copy (after a profile save). */
  updateUser: (user: SessionUser) => void;
  /** Re-reads GET /api/auth/me; a failed call keeps the current state. Resolves to the user or null. */
  refresh: () => Promise<SessionUser | null>;
  /**
   * Ends the session on the server, then runs `beforeClear` (leave a page that needs a user), then
   * clears the user, even when the call failed.
   */
  logout: (beforeClear?: () => unknown) => Promise<void>;
}

const SIGNED_OUT: AuthState = { status: 'signed-out', user: null };

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null });

  useEffect(() => {
    const controller = new AbortController();
    getMe(controller.signal).then(
      (user) => setState(user ? { status: 'signed-in', user } : SIGNED_OUT),
      () => {
        if (!controller.signal.aborted) setState(SIGNED_OUT);
      },
    );
    return () => controller.abort();
  }, []);

  const signIn = useCallback((user: SessionUser) => {
    setState({ status: 'signed-in', user });
    // A sign-in's answer says nothing of the employer's team (issue 28): GET /api/auth/me does.
    if (user.user_type === 'employer' && user.team === undefined) {
      getMe().then(
        (me) => {
          if (me?.id === user.id) setState({ status: 'signed-in', user: me });
        },
        () => undefined,
      );
    }
  }, []);
  // A profile change answers the account without its team: the team stays as it was.
  const updateUser = useCallback(
    (user: SessionUser) =>
      setState((old) => ({
        status: 'signed-in',
        user: { ...user, team: user.team !== undefined ? user.team : (old.user?.team ?? undefined) },
      })),
    [],
  );
  const refresh = useCallback(async () => {
    try {
      const user = await getMe();
      setState(user ? { status: 'signed-in', user } : SIGNED_OUT);
      return user;
    } catch {
      // Offline or the server hiccuped: what we knew is still the best guess.
      return null;
    }
  }, []);
  const logout = useCallback(async (beforeClear?: () => unknown) => {
    try {
      await logoutRequest();
    } catch {
      // The session may already be gone server-side; locally we sign out regardless.
    }
    try {
      await beforeClear?.();
    } finally {
      setState(SIGNED_OUT);
    }
  }, []);

  const value = useMemo(
    () => ({ state, signIn, updateUser, refresh, logout }),
    [state, signIn, updateUser, refresh, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
