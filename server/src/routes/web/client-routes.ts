// The paths the client's router (client/src/app/router.tsx) renders. The server answers them with
// index.html; any other path that is not the API redirects to / (spec section 2).

/** Pages with their own crawler meta (see page-html.ts). */
export const HOME_PATH = '/';
export const DIRECTORY_PATH = '/directory';
export const AGENT_PATH = '/agents/:id';
export const LEGAL_PATHS = { privacy: '/privacy', terms: '/terms' } as const;

/**
 * Screens of later issues: index.html with the default meta until they have their own. Express
 * matches a trailing slash too (non-strict routing), which serves /register-agent/.
 */
export const PLACEHOLDER_PATHS = [
  '/register-agent',
  '/account-setup',
  '/subscription/success',
  '/subscription/cancel',
  '/subscription/manage',
  '/signin',
  '/employer-signup',
  '/dashboard',
  '/employer-dashboard',
  '/admin/directory',
  '/rjs',
] as const;
