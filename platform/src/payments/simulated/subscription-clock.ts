import { FINAL_STATES } from '@agentry/domain/subscription';
import { monthlyPeriodAt } from '../calendar-month';
import type { SimulatedSubscription } from './objects';

/**
 * What Stripe would have done to a subscription by `now` (Unix seconds): at the end of its period it
 * ends when set to cancel at period end, and renews otherwise (the simulated card always pays), its
 * period moving on by whole months. Simulations apply this when a subscription is read, so no timer
 * is needed. Returns the changed subscription, or null when nothing happened.
 */
export function applyElapsedTime(
  subscription: SimulatedSubscription,
  now: number,
): SimulatedSubscription | null {
  const item = subscription.items.data[0];
  if (!item || FINAL_STATES.includes(subscription.status) || now < item.current_period_end) return null;
  if (subscription.cancel_at_period_end) {
    const end = item.current_period_end;
    return {
      ...subscription,
      status: 'canceled',
      canceled_at: subscription.canceled_at ?? end,
      ended_at: end,
    };
  }
  const period = monthlyPeriodAt(subscription.billing_cycle_anchor, now);
  const renewed = { ...item, current_period_start: period.start, current_period_end: period.end };
  return {
    ...subscription,
    items: { ...subscription.items, data: [renewed, ...subscription.items.data.slice(1)] },
  };
}
