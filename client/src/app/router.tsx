import { ROUTES } from '@agentry/domain/routes';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RootLayout, RootLayoutFallback } from '../components/layout/root-layout';
import { HomeRoute } from './routes/home';

// Routes of spec section 2. Only the layout and Home are in the entry chunk; every other page is a
// lazy module. There is deliberately no errorElement: the router's default error page
// ("Unexpected Application Error!") is the specified behaviour. An unknown address shows a page
// that says so (issue 25, where the spec redirected to /; the server answers it with 404).

// React Router matches a trailing slash too, so /register-agent also serves /register-agent/.
const child = (path: string) => path.slice(1);
// /admin and /admin/directory show the same admin screen, from one lazy module.
const adminScreen = () => import('./routes/admin');

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: RootLayoutFallback,
    children: [
      { index: true, Component: HomeRoute },
      { path: child(ROUTES.directory), lazy: () => import('./routes/directory') },
      { path: child(ROUTES.agent), lazy: () => import('./routes/agent') },
      { path: child(ROUTES.privacy), lazy: () => import('./routes/privacy') },
      { path: child(ROUTES.terms), lazy: () => import('./routes/terms') },
      { path: child(ROUTES.rankingPolicy), lazy: () => import('./routes/ranking-policy') },
      { path: child(ROUTES.forAiAssistants), lazy: () => import('./routes/for-ai-assistants') },
      // Accounts, registration and subscriptions (docs/accounts.md).
      { path: child(ROUTES.registerAgent), lazy: () => import('./routes/register-agent') },
      { path: child(ROUTES.accountSetup), lazy: () => import('./routes/account-setup') },
      { path: child(ROUTES.testCheckout), lazy: () => import('./routes/test-checkout') },
      { path: child(ROUTES.subscriptionSuccess), lazy: () => import('./routes/subscription-success') },
      { path: child(ROUTES.subscriptionCancel), lazy: () => import('./routes/subscription-cancel') },
      { path: child(ROUTES.subscriptionManage), lazy: () => import('./routes/subscription-manage') },
      { path: child(ROUTES.signIn), lazy: () => import('./routes/signin') },
      { path: child(ROUTES.forgotPassword), lazy: () => import('./routes/forgot-password') },
      { path: child(ROUTES.resetPassword), lazy: () => import('./routes/reset-password') },
      { path: child(ROUTES.verifyEmail), lazy: () => import('./routes/verify-email') },
      { path: child(ROUTES.joinTeam), lazy: () => import('./routes/join-team') },
      { path: child(ROUTES.employerSignup), lazy: () => import('./routes/employer-signup') },
      { path: child(ROUTES.dashboard), lazy: () => import('./routes/dashboard') },
      { path: child(ROUTES.employerDashboard), lazy: () => import('./routes/employer-dashboard') },
      { path: child(ROUTES.provider), lazy: () => import('./routes/provider') },
      // Employer tools: the advanced search and the comparison.
      { path: child(ROUTES.employerSearch), lazy: () => import('./routes/employer-search') },
      { path: child(ROUTES.compare), lazy: () => import('./routes/compare') },
      // The unsubscribe link of a saved search's digest: works signed out (issue 28).
      { path: child(ROUTES.savedSearchUnsubscribe), lazy: () => import('./routes/saved-search-unsubscribe') },
      // The admin area: its code (and chart.js) loads only on these routes.
      { path: child(ROUTES.admin), lazy: adminScreen },
      { path: child(ROUTES.adminDirectory), lazy: adminScreen },
      { path: child(ROUTES.rjs), lazy: () => import('./routes/rjs') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
