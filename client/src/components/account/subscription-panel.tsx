import { formatPlanPrice, planForUserType } from '@agentry/domain/plans';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isSubscribed, type SessionUser } from '../../lib/auth/auth-api';

// A dashboard's plan at a glance (provider and employer alike): Active with what it gives and the
// way to manage it, or Not subscribed with why to subscribe and the one-step upgrade.

export function SubscriptionPanel({
  user,
  gives,
  pitch,
  subscribeLabel,
  manage,
}: {
  user: SessionUser;
  /** What the active plan gives, after its name and price ("you can edit your listings..."). */
  gives?: string;
  /** Why to subscribe, beside Not subscribed. */
  pitch: string;
  /** The subscribe button's words; "Subscribe for $5/month" when left out. */
  subscribeLabel?: string;
  /** The way to the manage page, under an active plan. */
  manage: ReactNode;
}) {
  const plan = planForUserType(user.user_type);
  const price = formatPlanPrice(plan);
  return (
    <section className="dashboard-panel" aria-labelledby="subscription-title">
      <h2 id="subscription-title">Subscription</h2>
      {isSubscribed(user) ? (
        <>
          <p>
            <span className="status-badge status-badge--active">Active</span> {plan.name}, {price}
            {gives ? `: ${gives}` : '.'}
          </p>
          <p>{manage}</p>
        </>
      ) : (
        <>
          <p>
            <span className="status-badge">Not subscribed</span> {pitch}
          </p>
          <p>
            <Link className="button button--primary" to="/account-setup" state={{ mode: 'upgrade' }}>
              {subscribeLabel ?? `Subscribe for ${price}`}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
