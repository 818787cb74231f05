import { PLANS } from '@agentry/domain/plans';
import { Link } from 'react-router-dom';
import {
  EmailConfirmationBanner,
  waitsOnConfirmation,
} from '../../../components/account/email-confirmation-banner';
import { SubscriptionPanel } from '../../../components/account/subscription-panel';
import { isSubscribed, type SessionUser } from '../../../lib/auth/auth-api';
import { LogoutButton } from '../../../lib/auth/logout-button';
import { ApiKeysPanel } from './api-keys-panel';
import { EmployerRequests } from './employer-requests';
import { OrganizationProfile } from './organization-profile';
import { ShortlistsPanel } from './shortlists-panel';

// The employer dashboard (spec section 2): welcome, Search AI Agents, the organisation profile with
// its edit mode, and Logout; plus the employer plan's state, the tools' lists and requests, and the
// API keys of the employer's own assistants and programs.

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
          <Link className="button button--secondary" to="/employer/search">
            Advanced search
          </Link>
          <LogoutButton />
        </div>
      </header>
      {user.email_verified === false ? (
        <EmailConfirmationBanner email={user.email}>{waitsOnConfirmation(user)}</EmailConfirmationBanner>
      ) : null}
      <div className="dashboard__panels">
        <OrganizationProfile user={user} />
        <SubscriptionPanel
          user={user}
          pitch={`The ${PLANS.employer.name.toLowerCase()} adds advanced search, side-by-side comparison and direct contact with providers. Cancel anytime, no setup fees.`}
          manage={
            <Link className="button button--secondary" to="/subscription/manage">
              Manage Subscription
            </Link>
          }
        />
      </div>
      <ShortlistsPanel />
      <EmployerRequests subscribed={isSubscribed(user)} />
      <ApiKeysPanel />
    </div>
  );
}
