import '../../styles/forms.css';
import '../../styles/account-pages.css';
import { EmployerDashboardPage } from '../../features/employer-dashboard/components/employer-dashboard-page';

// Lazy route module for /employer-dashboard.
export function Component() {
  return <EmployerDashboardPage />;
}
