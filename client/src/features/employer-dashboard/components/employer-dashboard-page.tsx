import { Navigate } from 'react-router-dom';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { dashboardPath } from '../../../lib/auth/auth-api';
import { RequireAuth } from '../../../lib/auth/require-auth';
import { EmployerDashboard } from './employer-dashboard';

/** /employer-dashboard: signed-in employers; a visitor goes to /signin, a provider to /dashboard. */
export function EmployerDashboardPage() {
  useBasicPageMeta('Employer dashboard', 'Your organisation profile and your Agentry employer plan.');
  return (
    <RequireAuth>
      {(user) =>
        dashboardPath(user) === '/employer-dashboard' ? (
          <EmployerDashboard user={user} />
        ) : (
          <Navigate to={dashboardPath(user)} replace />
        )
      }
    </RequireAuth>
  );
}
