import { formatLongUsDate, paymentStatusLabel } from '@agentry/domain/payment-status';
import { ACCESS_GRANTING_STATES } from '@agentry/domain/subscription';
import type { StripeData } from '../api/get-subscription';

// What the manage page shows for a payment state (spec sections 2 and 4, docs/accounts.md):
// the badge, the billing period and next billing date as long US dates, and which action fits.
// Cancelling takes effect at the end of the period, so until then the badge reads Canceling
// with the date, there is no next billing date, and the cancellation can be undone.

export interface BillingView {
  label: string;
  tone: 'good' | 'warning' | 'neutral';
  /** The date access ends, while a cancellation waits for it. */
  cancelDate: string | null;
  /** January 11, 2027 to February 11, 2027: two dates, so each can be kept on one line. */
  period: { start: string; end: string } | null;
  nextBillingDate: string | null;
  canCancel: boolean;
  canReactivate: boolean;
  /** The subscription is over (or never completed): a new checkout is the way back. */
  canSubscribeAgain: boolean;
}

export function billingView(data: StripeData): BillingView {
  const label = paymentStatusLabel(data);
  const canceling = label === 'Canceling';
  const access = ACCESS_GRANTING_STATES.includes(data.status);
  const end = data.current_period_end > 0 ? formatLongUsDate(data.current_period_end) : null;
  const start = data.current_period_start > 0 ? formatLongUsDate(data.current_period_start) : null;
  return {
    label,
    tone: canceling || data.status === 'past_due' ? 'warning' : access ? 'good' : 'neutral',
    cancelDate: canceling ? end : null,
    period: start && end ? { start, end } : null,
    nextBillingDate: access && !canceling ? end : null,
    canCancel: access && !canceling,
    canReactivate: access && canceling,
    canSubscribeAgain: !access,
  };
}
