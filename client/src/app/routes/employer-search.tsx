import '../../styles/forms.css';
import '../../styles/account-pages.css';
import '../../styles/dialog.css';
import '../../styles/employer-tools.css';
import '../../features/employer-search/components/employer-search.css';
import { EmployerSearchPage } from '../../features/employer-search/components/employer-search-page';

// Lazy route module for /employer/search: the advanced search of the employer plan.
export function Component() {
  return <EmployerSearchPage />;
}
