import '../../styles/forms.css';
import '../../styles/account-pages.css';
import '../../styles/dialog.css';
import '../../styles/employer-tools.css';
import '../../features/compare/components/compare.css';
import { ComparePage } from '../../features/compare/components/compare-page';

// Lazy route module for /compare (and /compare?ids=1,2,3).
export function Component() {
  return <ComparePage />;
}
