import { PLANS } from '@agentry/domain/plans';
import { Link } from 'react-router-dom';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { useAuth } from '../../../lib/auth/auth-provider';

// /subscription/cancel (spec section 2): the checkout was left without paying. The spec's page
// speaks to a provider (a registration, Try Again to /register-agent); an employer, signed in by
// the account just made, is told of their account and tries the same checkout again instead
// (issue 25: "Try again" took employers into the provider's registration form).

export function SubscriptionCancelPage() {
  useBasicPageMeta('Checkout cancelled', 'The checkout was cancelled: no charges were made.');
  const { state } = useAuth();
  const employer = state.status === 'signed-in' && state.user.user_type !== 'agent_provider';
  // A provider who has just made the account has not confirmed its address yet: what they registered
  // is held until the e-mailed link is opened (docs/accounts.md), so "stays listed" was untrue.
  const unconfirmed = state.status === 'signed-in' && state.user.email_verified === false;
  return (
    <div className="container subscription-page">
      <section className="subscription-card" aria-labelledby="cancel-title">
        <h1 id="cancel-title">Checkout cancelled</h1>
        {employer ? (
          <p>
            No charges were made. Your employer account is still there: subscribe to the{' '}
            {PLANS.employer.name.toLowerCase()} (${PLANS.employer.priceUsd}/month) whenever you like to
            search, compare and contact providers.
          </p>
        ) : unconfirmed ? (
          <p>
            No charges were made. Your account is still there. What you registered is listed once you open the
            link in the e-mail we sent, and you can subscribe whenever you like.
          </p>
        ) : (
          <p>
            No charges were made. Your registration is still active: what you listed stays listed, and you can
            subscribe whenever you like.
          </p>
        )}
        <div className="form-actions">
          {employer ? (
            <Link className="button button--primary" to="/account-setup" state={{ mode: 'upgrade' }}>
              Try Again
            </Link>
          ) : (
            <Link className="button button--primary" to="/register-agent">
              Try Again
            </Link>
          )}
          <Link className="button button--secondary" to="/directory">
            Browse Agents
          </Link>
          <Link className="button button--secondary" to="/">
            Return to Home
          </Link>
        </div>
      </section>
    </div>
  );
}
