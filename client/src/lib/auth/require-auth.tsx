import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageLoading } from '../../components/ui/page-loading';
import { dashboardPath, type SessionUser } from './auth-api';
import { useAuth } from './auth-provider';

/**
 * Renders `children` with the signed-in user; a visitor is sent to /signin (spec section 6), with
 * where they were going kept in the navigation state so sign-in can bring them back.
 */
export function RequireAuth({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'signed-out') {
    return <Navigate to="/signin" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <>{children(state.user)}</>;
}

/** A dashboard (`path`): for the accounts it belongs to; another type of account goes to its own. */
export function RequireDashboard({
  path,
  children,
}: {
  path: string;
  children: (user: SessionUser) => ReactNode;
}) {
  return (
    <RequireAuth>
      {(user) =>
        dashboardPath(user) === path ? children(user) : <Navigate to={dashboardPath(user)} replace />
      }
    </RequireAuth>
  );
}
