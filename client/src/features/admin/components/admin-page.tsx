import { PRODUCT_NAME } from '@agentry/domain/product';
import { PageLoading } from '../../../components/ui/page-loading';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { AdminSessionProvider, useAdminSession } from '../hooks/use-admin-session';
import { AdminDashboard } from './admin-dashboard';
import { AdminLogin } from './admin-login';

/** /admin and /admin/directory: the admin screen of spec section 2, behind its own login. */
export function AdminPage() {
  useBasicPageMeta(
    'Admin',
    `The staff area of ${PRODUCT_NAME}: agents, uploads, subscribers and the search index.`,
  );
  return (
    <AdminSessionProvider>
      <AdminScreen />
    </AdminSessionProvider>
  );
}

function AdminScreen() {
  const { state } = useAdminSession();
  if (state.status === 'checking') return <PageLoading label="Checking your admin session..." />;
  if (state.status === 'signed-out') return <AdminLogin expired={state.expired} />;
  return <AdminDashboard session={state.session} />;
}
