import { formatLongUsDate, paymentStatusLabel } from './payment-status';

describe('paymentStatusLabel', () => {
  it.each([
    ['active', 'Active'],
    ['canceled', 'Canceled'],
    ['incomplete', 'Incomplete'],
    ['incomplete_expired', 'Expired'],
    ['past_due', 'Past due'],
    ['trialing', 'Trial'],
    ['unpaid', 'Unpaid'],
  ])('shows %s as %s', (status, label) => {
    expect(paymentStatusLabel({ status })).toBe(label);
  });
  it('shows Canceling while a cancellation waits for the end of the period', () => {
    expect(paymentStatusLabel({ status: 'active', cancel_at_period_end: true })).toBe('Canceling');
  });
});

describe('formatLongUsDate', () => {
  it('formats Unix seconds as a long US date', () => {
    expect(formatLongUsDate(1_799_625_600)).toBe('January 11, 2027');
  });
});
