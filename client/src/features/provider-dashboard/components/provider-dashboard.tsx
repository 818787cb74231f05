import { formatPlanPrice, PLANS } from '@agentry/domain/plans';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { EmailConfirmationBanner } from '../../../components/account/email-confirmation-banner';
import { SubscriptionPanel } from '../../../components/account/subscription-panel';
import { FormAlert } from '../../../components/form/form-alert';
import type { SessionUser } from '../../../lib/auth/auth-api';
import { LogoutButton } from '../../../lib/auth/logout-button';
import { useOwnAgents } from '../hooks/use-own-agents';
import { waitingText } from '../utils/waiting-text';
import { OwnAgentList } from './own-agent-list';
import { ProviderInbox } from './provider-inbox';
import { ProviderPagePanel } from './provider-page-panel';

// The provider dashboard (spec section 2): own agents with inline edit and delete, Manage
// Subscription and Logout; and from docs/accounts.md the subscription, the e-mail confirmation
// that brings waiting agents in, and the provider page.

/**
 * `analytics`: the provider analytics section; `domains`: verified domains (issue 26); both handed
 * in by the route (features do not import each other).
 */
export function ProviderDashboard({
  user,
  analytics,
  domains,
}: {
  user: SessionUser;
  analytics?: ReactNode;
  domains?: ReactNode;
}) {
  const agents = useOwnAgents();
  const waiting = agents.state.status === 'ready' ? agents.state.unverifiedAgents : null;
  // A message handed over by the page that sent us here (registration of an agent that is already ours).
  const arrival = (useLocation().state as { message?: unknown } | null)?.message;
  return (
    <div className="container dashboard">
      <header className="dashboard__header">
        <div>
          <h1>Provider dashboard</h1>
          <p className="dashboard__signed-in">Signed in as {user.email}</p>
        </div>
        <div className="dashboard__actions">
          <Link className="button button--secondary" to="/subscription/manage">
            Manage Subscription
          </Link>
          <LogoutButton />
        </div>
      </header>
      {typeof arrival === 'string' ? <FormAlert kind="success">{arrival}</FormAlert> : null}
      {user.email_verified === false ? (
        <EmailConfirmationBanner email={user.email}>{waitingText(waiting, user)}</EmailConfirmationBanner>
      ) : null}
      <SubscriptionPanel
        user={user}
        gives="you can edit your listings, add more agents and have a provider page."
        pitch="Your first listing is free. Subscribe to edit it, add more agents and get a provider page."
        subscribeLabel={`Subscribe for ${formatPlanPrice(PLANS.agent_provider)} to edit your listings and add more agents`}
        manage={
          <>
            Billing dates and cancelling are under <Link to="/subscription/manage">your subscription</Link>.
          </>
        }
      />
      <ProviderInbox />
      <OwnAgentList
        state={agents.state}
        onSaved={agents.replace}
        onDeleted={agents.remove}
        onRetry={agents.reload}
      />
      {analytics}
      {domains}
      <ProviderPagePanel user={user} />
    </div>
  );
}
