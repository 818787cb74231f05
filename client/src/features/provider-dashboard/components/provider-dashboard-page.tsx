import type { ReactNode } from 'react';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { RequireDashboard } from '../../../lib/auth/require-auth';
import { ProviderDashboard } from './provider-dashboard';

/** /dashboard: signed-in providers only; a visitor goes to /signin, an employer to their own dashboard. */
export function ProviderDashboardPage({
  analytics,
  domains,
}: {
  analytics?: ReactNode;
  domains?: ReactNode;
} = {}) {
  useBasicPageMeta(
    'Provider dashboard',
    'Manage your AI agent listings, your provider page and your subscription.',
  );
  return (
    <RequireDashboard path="/dashboard">
      {(user) => <ProviderDashboard user={user} analytics={analytics} domains={domains} />}
    </RequireDashboard>
  );
}
