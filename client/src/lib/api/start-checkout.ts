import { sendWithCsrf } from './send-with-csrf';

export interface CheckoutAnswer {
  success: boolean;
  /** Where to pay: Stripe Checkout, or the built-in test-mode checkout. */
  url?: string;
  payments_mode?: string;
}

/** POST /api/users/{user_id}/subscription: opens a checkout for the plan of the account's type; 409 when already subscribed. */
export function startCheckout(userId: string): Promise<CheckoutAnswer> {
  return sendWithCsrf<CheckoutAnswer>(`/api/users/${encodeURIComponent(userId)}/subscription`, {
    method: 'POST',
  });
}
