import type { PaymentEvent } from '@agentry/platform/payments/port';
import { StoreUnavailableError } from '@agentry/platform/store/store-unavailable';
import { handlePaymentEvent } from './handle-payment-event';
import type { Services } from './services';

// What happens to the event id when handling fails. The whole flow (signatures, replays, order) is
// tested end to end in server/src/fault-tests/payment-webhooks.test.ts; this covers the failure paths.

const event: PaymentEvent = {
  id: 'evt_1',
  type: 'customer.subscription.updated',
  data: { object: { id: 'sub_1' } },
} as PaymentEvent;

function servicesWith(forgetEvent: () => Promise<void>) {
  const recorded = new Set<string>();
  const errors: Array<{ fields: Record<string, unknown>; message: string }> = [];
  const services = {
    store: {
      billing: {
        recordEvent: async (id: string) => !recorded.has(id) && Boolean(recorded.add(id)),
        forgetEvent: async (id: string) => {
          await forgetEvent();
          recorded.delete(id);
        },
      },
    },
    payments: {
      getSubscription: async () => {
        throw new StoreUnavailableError('disk_full', { cause: new Error('database or disk is full') });
      },
    },
    logger: {
      error: (fields: Record<string, unknown>, message: string) => errors.push({ fields, message }),
    },
  } as unknown as Services;
  return { services, recorded, errors };
}

describe('handlePaymentEvent when handling fails', () => {
  it('forgets the event id so that the provider retry is handled, not taken for a replay', async () => {
    const { services, recorded } = servicesWith(async () => undefined);
    await expect(handlePaymentEvent(services, { event })).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(recorded.has('evt_1')).toBe(false);
  });

  it('names the event to replay when the store cannot even forget it, and still fails the delivery', async () => {
    const { services, recorded, errors } = servicesWith(async () => {
      throw new StoreUnavailableError('disk_full', { cause: new Error('database or disk is full') });
    });
    await expect(handlePaymentEvent(services, { event })).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(recorded.has('evt_1')).toBe(true);
    expect(errors).toEqual([
      expect.objectContaining({
        fields: expect.objectContaining({ eventId: 'evt_1', eventType: 'customer.subscription.updated' }),
        message: expect.stringContaining('replay it'),
      }),
    ]);
  });
});
