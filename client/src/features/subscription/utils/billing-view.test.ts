import { billingView } from './billing-view';

// 2027-01-11 and 2027-02-11, 00:00 UTC.
const START = 1_799_625_600;
const END = 1_802_304_000;
const period = { current_period_start: START, current_period_end: END };

describe('billingView', () => {
  it('shows an active subscription with its period, its next billing date and a way to cancel', () => {
    expect(billingView({ status: 'active', cancel_at_period_end: false, ...period })).toEqual({
      label: 'Active',
      tone: 'good',
      cancelDate: null,
      period: { start: 'January 11, 2027', end: 'February 11, 2027' },
      nextBillingDate: 'February 11, 2027',
      canCancel: true,
      canReactivate: false,
      canSubscribeAgain: false,
    });
  });

  it('shows Canceling with the date access ends, no next billing date, and a way to reactivate', () => {
    const view = billingView({ status: 'active', cancel_at_period_end: true, ...period });
    expect(view.label).toBe('Canceling');
    expect(view.tone).toBe('warning');
    expect(view.cancelDate).toBe('February 11, 2027');
    expect(view.nextBillingDate).toBeNull();
    expect([view.canCancel, view.canReactivate]).toEqual([false, true]);
  });

  it('offers a new subscription, and no billing date, once the subscription has ended', () => {
    const view = billingView({ status: 'canceled', cancel_at_period_end: true, ...period });
    expect(view.label).toBe('Canceled');
    expect(view.nextBillingDate).toBeNull();
    expect(view.cancelDate).toBeNull();
    expect([view.canCancel, view.canReactivate, view.canSubscribeAgain]).toEqual([false, false, true]);
  });

  it('shows Expired and Trial as the spec names them', () => {
    expect(billingView({ status: 'incomplete_expired', cancel_at_period_end: false, ...period }).label).toBe(
      'Expired',
    );
    expect(billingView({ status: 'trialing', cancel_at_period_end: false, ...period }).label).toBe('Trial');
  });
});
