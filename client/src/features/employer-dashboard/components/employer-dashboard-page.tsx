import { PRODUCT_NAME } from '@agentry/domain/product';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { RequireDashboard } from '../../../lib/auth/require-auth';
import { EmployerDashboard } from './employer-dashboard';

/** /employer-dashboard: signed-in employers; a visitor goes to /signin, a provider to /dashboard. */
export function EmployerDashboardPage() {
  useBasicPageMeta('Employer dashboard', `Your organization profile and your ${PRODUCT_NAME} employer plan.`);
  return (
    <RequireDashboard path="/employer-dashboard">
      {(user) => <EmployerDashboard user={user} />}
    </RequireDashboard>
  );
}
