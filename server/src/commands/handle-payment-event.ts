import type { PaymentEvent } from '@agentry/platform/payments/port';
import type { Action } from './command';
import { completeCheckout } from './complete-checkout';
import type { Services } from './services';
import { syncSubscription } from './sync-subscription';

// Every payment event, from Stripe's webhook or from the test-mode checkout, comes through here.
// The event id is recorded first, so a replay does nothing; a failure forgets it again so that
// the provider's retry is handled. The event only says what to re-read: the state itself comes
// from the provider (see syncSubscription).

export type EventOutcome = 'handled' | 'duplicate' | 'ignored';

export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export const handlePaymentEvent: Action<Services, { event: PaymentEvent }, EventOutcome> = async (
  services,
  { event },
) => {
  if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) return 'ignored';
  const { billing } = services.store;
  if (!(await billing.recordEvent(event.id, event.type))) return 'duplicate';
  try {
    await dispatch(services, event);
    return 'handled';
  } catch (error) {
    try {
      await billing.forgetEvent(event.id);
    } catch (forgetError) {
      // The store took the id and then nothing more (its disk filled between the two writes):
      // the provider's retry would be taken for a replay, so say which event needs replaying.
      services.logger.error(
        { eventId: event.id, eventType: event.type, err: forgetError },
        'payment event recorded but not handled: replay it from the payment provider once the store saves again',
      );
    }
    throw error;
  }
};

async function dispatch(services: Services, event: PaymentEvent): Promise<void> {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
      if (typeof object.id === 'string' && object.mode !== 'payment')
        await completeCheckout(services, { sessionId: object.id });
      return;
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscriptionId(object);
      if (subscriptionId) await syncSubscription(services, { subscriptionId });
      return;
    }
    default:
      if (typeof object.id === 'string') await syncSubscription(services, { subscriptionId: object.id });
  }
}

/** Stripe moved an invoice's subscription under parent.subscription_details in API 2025-03-31; older versions have it at the top. */
export function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | undefined;
  const nested = parent?.subscription_details?.subscription;
  const top = invoice.subscription;
  const id = typeof nested === 'string' ? nested : typeof top === 'string' ? top : null;
  return id;
}
