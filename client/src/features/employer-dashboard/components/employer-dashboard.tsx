import { Link } from 'react-router-dom';
import type { SessionUser } from '../../../lib/auth/auth-api';
import { LogoutButton } from '../../../lib/auth/logout-button';
import { EmployerSubscriptionPanel } from './employer-subscription-panel';
import { OrganizationProfile } from './organization-profile';

// The employer dashboard (spec section 2): welcome, Search AI Agents, the organisation profile with
// its edit mode, and Logout; plus the employer plan's state.

export function EmployerDashboard({ user }: { user: SessionUser }) {
  return (
    <div className="container dashboard">
      <header className="dashboard__header">
        <div>
          <h1>Welcome, {user.full_name}</h1>
          <p className="dashboard__signed-in">Employer dashboard for {user.organization}</p>
        </div>
        <div className="dashboard__actions">
          <Link className="button button--primary" to="/">
            Search AI Agents
          </Link>
          <LogoutButton />
        </div>
      </header>
      <div className="dashboard__panels">
        <OrganizationProfile user={user} />
        <EmployerSubscriptionPanel user={user} />
      </div>
    </div>
  );
}
