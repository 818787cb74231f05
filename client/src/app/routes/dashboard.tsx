import '../../styles/forms.css';
import '../../styles/account-pages.css';
import '../../styles/dialog.css';
import '../../styles/inbox.css';
import { ProviderAnalytics } from '../../features/provider-analytics/components/provider-analytics';
import { ProviderDashboardPage } from '../../features/provider-dashboard/components/provider-dashboard-page';
import { DomainsPanel } from '../../features/verification/components/domains-panel';

// Lazy route module for /dashboard.
export function Component() {
  return <ProviderDashboardPage analytics={<ProviderAnalytics />} domains={<DomainsPanel />} />;
}
