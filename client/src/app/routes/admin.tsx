import '../../styles/forms.css';
import '../../styles/account-pages.css';
import '../../styles/dialog.css';
import '../../styles/admin.css';
import '../../styles/inbox.css';
import { AdminPage } from '../../features/admin/components/admin-page';

// Lazy route module for /admin and /admin/directory (the same admin screen). The admin code and
// its stylesheet load only here; the charts (chart.js) load later still, from the dashboard.
export function Component() {
  return <AdminPage />;
}
