/**
 * Leaves the app with a full page load. Payment pages are reached this way, not with the router:
 * Stripe's checkout is another site, and the test checkout stands in for it, so both are treated
 * alike. Its own module so tests can replace it (jsdom cannot navigate).
 */
export function navigateAway(url: string): void {
  window.location.assign(url);
}
