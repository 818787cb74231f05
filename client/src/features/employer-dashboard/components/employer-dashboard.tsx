import { PLANS } from '@agentry/domain/plans';
import { Link } from 'react-router-dom';
import {
  EmailConfirmationBanner,
  waitsOnConfirmation,
} from '../../../components/account/email-confirmation-banner';
import { SubscriptionPanel } from '../../../components/account/subscription-panel';
import { hasEmployerPlan, type SessionUser } from '../../../lib/auth/auth-api';
import { LogoutButton } from '../../../lib/auth/logout-button';
import { ApiKeysPanel } from './api-keys-panel';
import { EmployerRequests } from './employer-requests';
import { OrganizationProfile } from './organization-profile';
import { SavedSearchesPanel } from './saved-searches-panel';
import { ShortlistsPanel } from './shortlists-panel';
import { TeamPanel } from './team-panel';

// The employer dashboard (spec section 2): welcome, Search AI Agents, the organization profile with
// its edit mode, and Logout; plus the employer plan's state, the tools' lists and requests, and the
// API keys of the employer's own assistants and programs, and the team that shares the work
// (issue 28).

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
        {user.team?.role === 'member' ? (
          <section className="dashboard-panel" aria-labelledby="subscription-title">
            <h2 id="subscription-title">Subscription</h2>
            <p>
              <span className={`status-badge${user.team.plan_active ? ' status-badge--active' : ''}`}>
                {user.team.plan_active ? 'Active' : 'Not active'}
              </span>{' '}
              You use the {PLANS.employer.name.toLowerCase()} of {user.team.organization} as a team member: no
              subscription of your own.
            </p>
          </section>
        ) : (
          <SubscriptionPanel
            user={user}
            pitch={`The ${PLANS.employer.name.toLowerCase()} adds advanced search, side-by-side comparison and direct contact with providers. Cancel anytime, no setup fees.`}
            manage={
              <Link className="button button--secondary" to="/subscription/manage">
                Manage Subscription
              </Link>
            }
          />
        )}
      </div>
      {user.user_type === 'employer' ? <TeamPanel userId={user.id} /> : null}
      <ShortlistsPanel />
      <SavedSearchesPanel />
      <EmployerRequests subscribed={hasEmployerPlan(user)} />
      <ApiKeysPanel />
    </div>
  );
}
