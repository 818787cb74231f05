/**
 * Leaves the app for the checkout page. A full page load, not a router navigation: the checkout
 * may be Stripe's own site. Kept in its own module so tests can replace it (jsdom cannot navigate).
 */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
