import { formatPlanPrice, type Plan } from '@agentry/domain/plans';
import { forwardRef, type ReactNode } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import type { StripeData } from '../api/get-subscription';
import { billingView } from '../utils/billing-view';

// The subscription as the manage page shows it (spec section 2): status badge, billing period,
// next billing date, and the cancel or reactivate button that fits the state.

export const SubscriptionSummary = forwardRef<
  HTMLButtonElement,
  {
    plan: Plan;
    data: StripeData;
    /** The action under way, which disables both buttons. */
    busy: boolean;
    onCancel: () => void;
    onReactivate: () => void;
    /** The way to a new subscription, shown once this one is over. */
    subscribeAgain: ReactNode;
  }
>(function SubscriptionSummary({ plan, data, busy, onCancel, onReactivate, subscribeAgain }, cancelRef) {
  const view = billingView(data);
  return (
    <section className="subscription-card" aria-labelledby="subscription-plan">
      <div className="subscription-card__heading">
        <h2 id="subscription-plan">{plan.name}</h2>
        <span className={`status-badge status-badge--${view.tone}`}>{view.label}</span>
      </div>
      {view.cancelDate ? (
        <FormAlert kind="info">Your subscription will be canceled on {view.cancelDate}.</FormAlert>
      ) : null}
      <dl className="subscription-card__details">
        <dt>Price</dt>
        <dd>{formatPlanPrice(plan)}</dd>
        <dt>Status</dt>
        <dd>{view.label}</dd>
        {view.period ? (
          <>
            <dt>Billing period</dt>
            <dd>{view.period}</dd>
          </>
        ) : null}
        {view.nextBillingDate ? (
          <>
            <dt>Next billing date</dt>
            <dd>{view.nextBillingDate}</dd>
          </>
        ) : null}
      </dl>
      <div className="form-actions">
        {view.canCancel ? (
          <button
            ref={cancelRef}
            className="button button--secondary"
            type="button"
            disabled={busy}
            onClick={onCancel}
          >
            Cancel Subscription
          </button>
        ) : null}
        {view.canReactivate ? (
          <button className="button button--primary" type="button" disabled={busy} onClick={onReactivate}>
            {busy ? 'Reactivating...' : 'Reactivate Subscription'}
          </button>
        ) : null}
        {view.canSubscribeAgain ? subscribeAgain : null}
      </div>
    </section>
  );
});
