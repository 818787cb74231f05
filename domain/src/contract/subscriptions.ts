import { z } from 'zod';
import { PLAN_PRICES_USD } from '../plans';

// Paying for a plan: the checkout a signed-in account opens, the success page's verification, the
// subscription page's details, cancel and reactivate (server/src/routes/api/subscriptions/ and
// users/), and the built-in test-mode checkout (server/src/routes/api/payments/).

export const PlanId = z.enum(Object.keys(PLAN_PRICES_USD) as [keyof typeof PLAN_PRICES_USD]);
export const PaymentsMode = z.enum(['test', 'stripe']);
export type PaymentsMode = z.infer<typeof PaymentsMode>;

/** POST /api/users/{user_id}/subscription */
export const CheckoutAnswer = z.strictObject({
  success: z.literal(true),
  /** Where to pay: Stripe Checkout, or the built-in test-mode checkout. */
  url: z.string(),
  payments_mode: PaymentsMode,
});
export type CheckoutAnswer = z.infer<typeof CheckoutAnswer>;

export const VerifySessionBody = z.object({
  session_id: z.string().trim().min(1, 'No session ID found').max(255),
});

/** POST /api/verify-session: the checkout the browser came back from was paid. */
export const VerifiedSession = z.strictObject({
  success: z.literal(true),
  ok: z.literal(true),
  subscription_status: z.string(),
  /** The plan paid for. */
  plan: PlanId,
  payments_mode: PaymentsMode,
});
export type VerifiedSession = z.infer<typeof VerifiedSession>;

/** The payment provider's view of the subscription (Stripe's vocabulary), periods in Unix seconds. */
export const StripeData = z.strictObject({
  /** active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired. */
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  current_period_start: z.number(),
  current_period_end: z.number(),
});
export type StripeData = z.infer<typeof StripeData>;

/** GET /api/users/subscription: the subscription object of spec section 3, with the plan and the payment mode. */
export const Subscription = z.strictObject({
  success: z.literal(true),
  /** The account's subscription_status: 'active' or 'inactive'. */
  status: z.string(),
  plan: PlanId,
  price_usd: z.number(),
  payments_mode: PaymentsMode,
  stripe_customer_id: z.string().nullable(),
  /** Null when the account never subscribed. */
  stripe_data: StripeData.nullable(),
});
export type Subscription = z.infer<typeof Subscription>;

/** POST /api/users/subscription/cancel and /reactivate: what happened, and the subscription as it now is. */
export const SubscriptionChange = Subscription.extend({ message: z.string() });
export type SubscriptionChange = z.infer<typeof SubscriptionChange>;

/** The test-mode checkout's session id in the path (anything else answers 404). */
export const TestCheckoutParams = z.object({
  id: z.string().regex(/^cs_test_[A-Za-z0-9]{8,64}$/, 'Not a checkout session'),
});

/** GET /api/test-checkout/{id}: what the test-mode checkout page shows. */
export const TestCheckout = z.strictObject({
  id: z.string(),
  /** 'open' until paid ('complete') or past its time ('expired'), as Stripe names them. */
  status: z.enum(['open', 'complete', 'expired']),
  plan: PlanId,
  plan_name: z.string(),
  price_usd: z.number(),
  interval: z.literal('month'),
  /** The account's e-mail, which the subscription is billed to. */
  email: z.string().nullable(),
  payments_mode: z.literal('test'),
});
export type TestCheckout = z.infer<typeof TestCheckout>;

/** POST /api/test-checkout/{id}/pay and /cancel: where the browser goes next. */
export const CheckoutRedirect = z.strictObject({
  success: z.literal(true),
  /** The success page (after paying) or the cancel page. */
  redirect_url: z.string(),
});
export type CheckoutRedirect = z.infer<typeof CheckoutRedirect>;
