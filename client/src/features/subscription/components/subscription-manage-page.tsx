import { formatLongUsDate } from '@agentry/domain/payment-status';
import { formatPlanPrice, PLANS, type Plan, type PlanId, planForUserType } from '@agentry/domain/plans';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageLoading } from '../../../components/ui/page-loading';
import { TestModeBanner } from '../../../components/ui/test-mode-banner';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { dashboardPath, type SessionUser } from '../../../lib/auth/auth-api';
import { useSubscription } from '../hooks/use-subscription';
import { SubscriptionSummary } from './subscription-summary';

// /subscription/manage (spec sections 2, 4 and 6): see the subscription, cancel it at the end of
// the billing period after a confirmation, or undo that. Signed-in only (the route wraps it).

function planOf(user: SessionUser, planId: string): Plan {
  return PLANS[planId as PlanId] ?? planForUserType(user.user_type);
}

/** Back to a new checkout: account setup in upgrade mode (one step for a signed-in account). */
function SubscribeLink({ label }: { label: string }) {
  return (
    <Link className="button button--primary" to="/account-setup" state={{ mode: 'upgrade' }}>
      {label}
    </Link>
  );
}

export function SubscriptionManagePage({ user }: { user: SessionUser }) {
  useBasicPageMeta(
    'Manage your subscription',
    `See, cancel or reactivate your ${PRODUCT_NAME} subscription.`,
  );
  const subscription = useSubscription();
  const [confirming, setConfirming] = useState(false);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const { details, notice, running } = subscription;

  const focusedNotice = useRef<typeof notice>(null);
  useEffect(() => {
    // The button pressed may be gone (Cancel becomes Reactivate): land on what happened instead,
    // once the modal confirmation has closed (the page behind it takes no focus while it is open).
    if (!notice || confirming || focusedNotice.current === notice) return;
    focusedNotice.current = notice;
    noticeRef.current?.focus();
  }, [notice, confirming]);

  async function confirmCancel() {
    await subscription.change('cancel');
    setConfirming(false);
  }

  function content() {
    if (subscription.loadError) return <FormAlert kind="error">{subscription.loadError}</FormAlert>;
    if (subscription.loading || !details) return <PageLoading label="Loading your subscription..." />;
    const plan = planOf(user, details.plan);
    if (!details.stripe_data) {
      return (
        <section className="subscription-card" aria-labelledby="no-subscription">
          <h2 id="no-subscription">No subscription</h2>
          <p>
            You have no subscription yet. The {plan.name.toLowerCase()} ({formatPlanPrice(plan)}) gives you:
          </p>
          <ul className="subscription-card__benefits">
            {plan.benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
          <div className="form-actions">
            <SubscribeLink label="Subscribe" />
          </div>
        </section>
      );
    }
    const accessEnds = formatLongUsDate(details.stripe_data.current_period_end);
    return (
      <>
        <SubscriptionSummary
          plan={plan}
          data={details.stripe_data}
          busy={running !== null}
          notice={notice}
          noticeRef={noticeRef}
          cancelRef={cancelButtonRef}
          onCancel={() => setConfirming(true)}
          onReactivate={() => void subscription.change('reactivate')}
          subscribeAgain={<SubscribeLink label="Subscribe again" />}
        />
        {confirming ? (
          <ConfirmDialog
            title="Cancel your subscription?"
            confirmLabel="Yes, cancel subscription"
            dismissLabel="Keep subscription"
            busy={running === 'cancel'}
            busyLabel="Cancelling..."
            onConfirm={() => void confirmCancel()}
            onDismiss={() => setConfirming(false)}
            returnFocusTo={cancelButtonRef}
          >
            <p>
              Your {plan.name.toLowerCase()} stays active until the end of the current billing period, on{' '}
              <strong className="nowrap">{accessEnds}</strong>. After that date you lose access to what it
              gives you, and you are not charged again.
            </p>
            <p>You can reactivate it any time before then.</p>
          </ConfirmDialog>
        ) : null}
      </>
    );
  }

  return (
    <div className="container subscription-page">
      <header className="page-header">
        <h1>Manage your subscription</h1>
        <p>
          <Link to={dashboardPath(user)}>Back to your dashboard</Link>
        </p>
      </header>
      {details?.payments_mode === 'test' ? (
        <TestModeBanner>TEST MODE — payments are simulated and nothing is charged</TestModeBanner>
      ) : null}
      {content()}
    </div>
  );
}
