// The screens of spec section 2, written once: the client's router renders them and the server
// answers them with the app's HTML (any other path that is not the API redirects to /).

export const ROUTES = {
  home: '/',
  directory: '/directory',
  agent: '/agents/:id',
  privacy: '/privacy',
  terms: '/terms',
  registerAgent: '/register-agent',
  accountSetup: '/account-setup',
  subscriptionSuccess: '/subscription/success',
  subscriptionCancel: '/subscription/cancel',
  subscriptionManage: '/subscription/manage',
  signIn: '/signin',
  employerSignup: '/employer-signup',
  dashboard: '/dashboard',
  employerDashboard: '/employer-dashboard',
  adminDirectory: '/admin/directory',
  rjs: '/rjs',
} as const;

export type RouteKey = keyof typeof ROUTES;

/** Screens that later work fills in; until then they render a placeholder. */
export const LATER_SCREENS = [
  'registerAgent',
  'accountSetup',
  'subscriptionSuccess',
  'subscriptionCancel',
  'subscriptionManage',
  'signIn',
  'employerSignup',
  'dashboard',
  'employerDashboard',
  'adminDirectory',
  'rjs',
] as const satisfies readonly RouteKey[];

export type LaterScreen = (typeof LATER_SCREENS)[number];
