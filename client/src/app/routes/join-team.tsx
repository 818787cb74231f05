import '../../styles/forms.css';
import '../../styles/account-pages.css';
import '../../features/join-team/components/join-team.css';
import { JoinTeamPage } from '../../features/join-team/components/join-team-page';

// Lazy route module for /join-team?token=… (issue 28).
export function Component() {
  return <JoinTeamPage />;
}
