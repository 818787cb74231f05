import { formatPlanPrice, PLANS } from '@agentry/domain/plans';
import { Link } from 'react-router-dom';
import { isSubscribed, type SessionUser } from '../../../lib/auth/auth-api';

// The provider's plan at a glance: what the subscription gives, or the way to get it.

export function SubscriptionPanel({ user }: { user: SessionUser }) {
  const plan = PLANS.agent_provider;
  return (
    <section className="dashboard-panel" aria-labelledby="subscription-title">
      <h2 id="subscription-title">Subscription</h2>
      {isSubscribed(user) ? (
        <>
          <p>
            <span className="status-badge status-badge--active">Active</span> {plan.name},{' '}
            {formatPlanPrice(plan)}: you can edit your listings, add more agents and have a provider page.
          </p>
          <p>
            Billing dates and cancelling are under <Link to="/subscription/manage">your subscription</Link>.
          </p>
        </>
      ) : (
        <>
          <p>
            <span className="status-badge">Not subscribed</span> Your first listing is free. Subscribe to edit
            it, add more agents and get a provider page.
          </p>
          <Link className="button button--primary" to="/account-setup" state={{ mode: 'upgrade' }}>
            Subscribe for {formatPlanPrice(plan)} to edit your listings and add more agents
          </Link>
        </>
      )}
    </section>
  );
}
