import '../../styles/forms.css';
import '../../styles/account-pages.css';
import '../../styles/dialog.css';
import '../../styles/employer-tools.css';
import '../../styles/inbox.css';
import '../../features/employer-dashboard/components/shortlists.css';
import '../../features/employer-dashboard/components/team.css';
import { EmployerDashboardPage } from '../../features/employer-dashboard/components/employer-dashboard-page';

// Lazy route module for /employer-dashboard.
export function Component() {
  return <EmployerDashboardPage />;
}
