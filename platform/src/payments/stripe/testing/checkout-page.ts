import type { SimulatedCheckoutSession } from '../../simulated/objects';

// The stand-in's hosted checkout page, for browser tests that go through "Stripe": it shows what is
// bought and pays on submit. Nothing here looks like a card form, so it cannot be mistaken for one.

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function checkoutPage(session: SimulatedCheckoutSession): string {
  const amount = `$${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()} per month`;
  const action =
    session.status === 'open'
      ? `<form method="post"><button type="submit">Pay ${escapeHtml(amount)}</button></form>` +
        (session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>` : '')
      : `<p>This checkout is ${escapeHtml(session.status)}.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe checkout</title></head>
<body><h1>Fake Stripe checkout (test stand-in)</h1>
<p>${escapeHtml(session.customer_details?.email ?? '')}</p><p>${escapeHtml(amount)}</p>${action}</body></html>`;
}
