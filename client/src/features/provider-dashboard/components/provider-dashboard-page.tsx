import { Navigate } from 'react-router-dom';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { dashboardPath } from '../../../lib/auth/auth-api';
import { RequireAuth } from '../../../lib/auth/require-auth';
import { ProviderDashboard } from './provider-dashboard';

/** /dashboard: signed-in providers only; a visitor goes to /signin, an employer to their own dashboard. */
export function ProviderDashboardPage() {
  useBasicPageMeta(
    'Provider dashboard',
    'Manage your AI agent listings, your provider page and your subscription.',
  );
  return (
    <RequireAuth>
      {(user) =>
        dashboardPath(user) === '/dashboard' ? (
          <ProviderDashboard user={user} />
        ) : (
          <Navigate to={dashboardPath(user)} replace />
        )
      }
    </RequireAuth>
  );
}
