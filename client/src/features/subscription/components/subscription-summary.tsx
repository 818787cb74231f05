import { formatPlanPrice, type Plan } from '@agentry/domain/plans';
import type { ReactNode, Ref } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import type { StripeData } from '../api/get-subscription';
import type { SubscriptionNotice } from '../hooks/use-subscription';
import { billingView } from '../utils/billing-view';

// The subscription as the manage page shows it (spec section 2): status badge, billing period,
// next billing date, and the cancel or reactivate button that fits the state. One notice at a
// time opens the card: what the last cancel or reactivate answered, or else, while a cancellation
// waits, the date it takes effect (the server's answer to a cancel says the same, so not twice).

export function SubscriptionSummary({
  plan,
  data,
  busy,
  notice,
  noticeRef,
  cancelRef,
  onCancel,
  onReactivate,
  subscribeAgain,
}: {
  plan: Plan;
  data: StripeData;
  /** The action under way, which disables both buttons. */
  busy: boolean;
  /** What the last cancel or reactivate answered. */
  notice: SubscriptionNotice | null;
  /** Takes focus after an action: the button pressed may be gone (Cancel becomes Reactivate). */
  noticeRef: Ref<HTMLDivElement>;
  /** The Cancel button, where focus returns when the confirmation is dismissed. */
  cancelRef: Ref<HTMLButtonElement>;
  onCancel: () => void;
  onReactivate: () => void;
  /** The way to a new subscription, shown once this one is over. */
  subscribeAgain: ReactNode;
}) {
  const view = billingView(data);
  const answered = notice?.kind === 'info';
  return (
    <section className="subscription-card" aria-labelledby="subscription-plan">
      <div className="subscription-card__heading">
        <h2 id="subscription-plan">{plan.name}</h2>
        <span className={`status-badge status-badge--${view.tone}`}>{view.label}</span>
      </div>
      {notice || view.cancelDate ? (
        <div className="subscription-card__notice" ref={noticeRef} tabIndex={-1}>
          {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
          {view.cancelDate && !answered ? (
            <FormAlert kind="info">
              Your subscription will be canceled on <span className="nowrap">{view.cancelDate}</span>. You
              keep access until then.
            </FormAlert>
          ) : null}
        </div>
      ) : null}
      <dl className="subscription-card__details">
        <dt>Price</dt>
        <dd>{formatPlanPrice(plan)}</dd>
        <dt>Status</dt>
        <dd>{view.label}</dd>
        {view.period ? (
          <>
            <dt>Billing period</dt>
            <dd>
              <span className="nowrap">{view.period.start}</span> –{' '}
              <span className="nowrap">{view.period.end}</span>
            </dd>
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
}
