import { formatPlanPrice, PLANS } from '@agentry/domain/plans';
import { Link } from 'react-router-dom';
import { isSubscribed, type SessionUser } from '../../../lib/auth/auth-api';

/** The employer plan's state, with the way to manage it or to subscribe. */
export function EmployerSubscriptionPanel({ user }: { user: SessionUser }) {
  const plan = PLANS.employer;
  return (
    <section className="dashboard-panel" aria-labelledby="employer-subscription-title">
      <h2 id="employer-subscription-title">Subscription</h2>
      {isSubscribed(user) ? (
        <>
          <p>
            <span className="status-badge status-badge--active">Active</span> {plan.name},{' '}
            {formatPlanPrice(plan)}.
          </p>
          <p>
            <Link className="button button--secondary" to="/subscription/manage">
              Manage Subscription
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>
            <span className="status-badge">Not subscribed</span> The {plan.name.toLowerCase()} adds advanced
            search, side-by-side comparison and direct contact with providers. Cancel anytime, no setup fees.
          </p>
          <p>
            <Link className="button button--primary" to="/account-setup" state={{ mode: 'upgrade' }}>
              Subscribe for {formatPlanPrice(plan)}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
