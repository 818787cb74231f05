// The paths the client's router (client/src/app/router.tsx) renders. The server answers them with
// index.html; any other path that is not the API gets the app's "Page not found" with 404.

import { ACCOUNT_SCREENS, ADMIN_SCREENS, ROUTES } from '@agentry/domain/routes';

/** Pages with their own crawler meta (see page-html.ts). */
export const HOME_PATH = ROUTES.home;
export const DIRECTORY_PATH = ROUTES.directory;
export const AGENT_PATH = ROUTES.agent;
export const LEGAL_PATHS = {
  privacy: ROUTES.privacy,
  terms: ROUTES.terms,
  ranking: ROUTES.rankingPolicy,
} as const;
export const FOR_AI_ASSISTANTS_PATH = ROUTES.forAiAssistants;

/**
 * The account and admin screens: index.html with noindex (private to a person or to staff, nothing
 * for a search engine). Express matches a trailing slash too (non-strict routing), which serves
 * /register-agent/.
 */
export const ACCOUNT_PATHS = [...ACCOUNT_SCREENS, ...ADMIN_SCREENS].map((key) => ROUTES[key]);

/** A subscribed provider's page, with its own crawler meta. */
export const PROVIDER_PATH = ROUTES.provider;
