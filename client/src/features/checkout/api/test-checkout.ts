import { apiRequest } from '../../../lib/api/api-client';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

// The built-in test-mode checkout (docs/accounts.md): read a session, pay it or cancel it. Served
// only in test mode; in Stripe mode the GET answers 404.

export interface TestCheckoutSession {
  id: string;
  /** 'open' until paid ('complete') or past its time ('expired'), as Stripe names them. */
  status: 'open' | 'complete' | 'expired';
  plan: string;
  plan_name: string;
  price_usd: number;
  interval: string;
  /** The account's e-mail, which the subscription is billed to. */
  email: string;
  payments_mode: 'test';
}

export interface CheckoutRedirect {
  success: boolean;
  /** The success page (after paying) or the cancel page. */
  redirect_url: string;
}

const sessionPath = (id: string) => `/api/test-checkout/${encodeURIComponent(id)}`;

/** GET /api/test-checkout/{id} */
export function getTestCheckout(id: string, signal?: AbortSignal): Promise<TestCheckoutSession> {
  return apiRequest<TestCheckoutSession>(sessionPath(id), { signal });
}

/** POST /api/test-checkout/{id}/pay or /cancel */
export function finishTestCheckout(id: string, action: 'pay' | 'cancel'): Promise<CheckoutRedirect> {
  return sendWithCsrf<CheckoutRedirect>(`${sessionPath(id)}/${action}`, { method: 'POST' });
}
