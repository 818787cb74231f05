import { PLANS, type Plan, type PlanId, planForUserType } from '@agentry/domain/plans';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { TestModeBanner } from '../../../components/ui/test-mode-banner';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { ApiError } from '../../../lib/api/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import type { VerifiedSession } from '../api/verify-session';
import { useVerifiedSession } from '../hooks/use-verified-session';

// /subscription/success?session_id= (spec sections 2 and 8): where the checkout returns after
// paying. It verifies the session before saying anything is active.

const NO_SESSION = 'No session ID found';
const VERIFY_FAILED = 'Failed to verify your subscription. Please contact support.';
/** The server verifies a checkout only for the signed-in account that opened it (a session that ended meanwhile). */
const SIGN_IN_TO_VERIFY = 'Sign in to the account you paid with to see your subscription.';

export function SubscriptionSuccessPage() {
  useBasicPageMeta('Subscription confirmed', `Your ${PRODUCT_NAME} subscription is confirmed.`);
  const [search] = useSearchParams();
  const sessionId = search.get('session_id')?.trim() || null;
  const verified = useVerifiedSession(sessionId);

  return (
    <div className="container subscription-page">
      {sessionId === null ? (
        <Problem message={NO_SESSION} />
      ) : verified.status === 'success' ? (
        <Confirmed session={verified.data} />
      ) : verified.status === 'error' ? (
        verified.error instanceof ApiError && verified.error.status === 401 ? (
          <SignInToVerify />
        ) : (
          <Problem message={VERIFY_FAILED} reference={sessionId} />
        )
      ) : (
        <>
          <h1>Subscription</h1>
          <PageLoading label="Verifying your subscription..." />
        </>
      )}
    </div>
  );
}

function SignInToVerify() {
  const { pathname, search } = useLocation();
  return (
    <>
      <h1>Subscription</h1>
      <FormAlert kind="info">{SIGN_IN_TO_VERIFY}</FormAlert>
      <p className="status-page__actions">
        <Link className="button button--primary" to="/signin" state={{ from: `${pathname}${search}` }}>
          Sign in
        </Link>
      </p>
    </>
  );
}

function Problem({ message, reference }: { message: string; reference?: string }) {
  return (
    <>
      <h1>Subscription</h1>
      <FormAlert kind="error">{message}</FormAlert>
      {reference ? (
        <p>
          Quote this reference when you write to us: <code>{reference}</code>
        </p>
      ) : null}
      <p className="status-page__actions">
        <Link className="button button--secondary" to="/subscription/manage">
          Check your subscription
        </Link>
        <Link className="button button--secondary" to="/">
          Return to Home
        </Link>
      </p>
    </>
  );
}

/** The plan paid for: the signed-in account's type decides, else what the server said was bought. */
function paidPlan(userType: string | undefined, planId: string): Plan {
  if (userType) return planForUserType(userType);
  return PLANS[planId as PlanId] ?? PLANS.agent_provider;
}

function Confirmed({ session }: { session: VerifiedSession }) {
  const { state: auth } = useAuth();
  const plan = paidPlan(auth.user?.user_type, session.plan);
  const employer = plan.id === 'employer';
  return (
    <>
      {session.payments_mode === 'test' ? (
        <TestModeBanner>Test mode: no payment was taken</TestModeBanner>
      ) : null}
      <section className="subscription-card" aria-labelledby="success-title">
        <h1 id="success-title">Welcome to the {plan.name}!</h1>
        <p>
          {session.subscription_status === 'active'
            ? 'Your subscription is active. Here is what it gives you:'
            : 'Your payment went through; your subscription starts as soon as the payment provider confirms it. Here is what it gives you:'}
        </p>
        <ul className="subscription-card__benefits">
          {plan.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <div className="form-actions">
          {employer ? (
            <Link className="button button--primary" to="/employer-dashboard">
              Go to your dashboard
            </Link>
          ) : (
            <Link className="button button--primary" to="/dashboard">
              Manage Agents
            </Link>
          )}
          <Link className="button button--secondary" to="/">
            Browse Agents
          </Link>
          {employer ? null : (
            <Link className="button button--secondary" to="/register-agent">
              Register Another Agent
            </Link>
          )}
        </div>
      </section>
    </>
  );
}
