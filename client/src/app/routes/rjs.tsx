import '../../styles/account-pages.css';
import '../../styles/admin.css';
import { AllAgentsPage } from '../../features/admin/components/all-agents-page';

// Lazy route module for /rjs: the simple all-agents list.
export function Component() {
  return <AllAgentsPage />;
}
