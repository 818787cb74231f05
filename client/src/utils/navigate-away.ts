/**
 * Leaves the app with a full page load: Stripe's checkout is another site. (The built-in test
 * checkout is a page of this app, opened by the router: use-account-signup.ts.) Its own module so
 * tests can replace it (jsdom cannot navigate).
 */
export function navigateAway(url: string): void {
  window.location.assign(url);
}
