// The screens of spec section 2, written once: the client's router renders them and the server
// answers them with the app's HTML (any other path that is not the API redirects to /).

export const ROUTES = {
  home: '/',
  directory: '/directory',
  agent: '/agents/:id',
  privacy: '/privacy',
  terms: '/terms',
  // Not in the spec: how search ranks, what moves an agent and what never does (issue 26).
  rankingPolicy: '/ranking-policy',
  // Not in the spec: how to connect an AI assistant (an MCP client) to the site.
  forAiAssistants: '/for-ai-assistants',
  registerAgent: '/register-agent',
  accountSetup: '/account-setup',
  subscriptionSuccess: '/subscription/success',
  subscriptionCancel: '/subscription/cancel',
  subscriptionManage: '/subscription/manage',
  signIn: '/signin',
  employerSignup: '/employer-signup',
  dashboard: '/dashboard',
  employerDashboard: '/employer-dashboard',
  // The admin area. Spec section 2 leaves the admin screen's own route unsaid: /admin and
  // /admin/directory both show it; /rjs is the simple all-agents list.
  admin: '/admin',
  adminDirectory: '/admin/directory',
  rjs: '/rjs',
  // Not in the spec's table; the account flows need them (links in e-mails, the test checkout).
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  // An invitation to an employer team (issue 28): the e-mailed link's page.
  joinTeam: '/join-team',
  testCheckout: '/checkout/test/:sessionId',
  provider: '/providers/:slug',
  // Employer tools (an active employer subscription; the server refuses anyone else).
  employerSearch: '/employer/search',
  compare: '/compare',
  // Not in the spec: the unsubscribe link of a saved search's digest e-mail (issue 28).
  savedSearchUnsubscribe: '/saved-searches/unsubscribe',
} as const;

export type RouteKey = keyof typeof ROUTES;

/** The admin area: staff only, so, like the account screens, no search engine should index it. */
export const ADMIN_SCREENS = ['admin', 'adminDirectory', 'rjs'] as const satisfies readonly RouteKey[];

/** Screens of the account flows: pages that are private to a person, so crawlers are asked not to index them. */
export const ACCOUNT_SCREENS = [
  'registerAgent',
  'accountSetup',
  'subscriptionSuccess',
  'subscriptionCancel',
  'subscriptionManage',
  'signIn',
  'employerSignup',
  'dashboard',
  'employerDashboard',
  'forgotPassword',
  'resetPassword',
  'verifyEmail',
  'joinTeam',
  'testCheckout',
  'employerSearch',
  'compare',
  'savedSearchUnsubscribe',
] as const satisfies readonly RouteKey[];

const ACCOUNT_PATTERNS = [...ACCOUNT_SCREENS, ...ADMIN_SCREENS].map(
  (key) => new RegExp(`^${ROUTES[key].replace(/:\w+/g, '[^/]+')}/?$`),
);

/**
 * True for the path of an account or admin screen: private to a person (or to staff), so no search
 * engine should index it.
 */
export function isAccountPath(pathname: string): boolean {
  return ACCOUNT_PATTERNS.some((pattern) => pattern.test(pathname));
}

/** "/providers/:slug" + {slug: "acme"} → "/providers/acme". */
export function routePath(route: string, params: Record<string, string>): string {
  return route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
