// How a subscription's payment state is shown (spec section 4).

export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  past_due: 'Past due',
  trialing: 'Trial',
  unpaid: 'Unpaid',
};

export interface StripeSubscriptionView {
  status: string;
  cancel_at_period_end?: boolean;
}

/** The badge text: Canceling while a cancellation waits for the period end, else the status label. */
export function paymentStatusLabel(subscription: StripeSubscriptionView): string {
  if (subscription.cancel_at_period_end && subscription.status !== 'canceled') return 'Canceling';
  return PAYMENT_STATUS_LABELS[subscription.status] ?? subscription.status;
}

/** A long US-format date ("January 5, 2027") from Unix seconds, in UTC so server and client agree. */
export function formatLongUsDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
