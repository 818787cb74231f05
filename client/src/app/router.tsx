import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RootLayout, RootLayoutFallback } from '../components/layout/root-layout';
import type { ComingSoonHandle, ComingSoonPageKey } from './routes/coming-soon';
import { HomeRoute } from './routes/home';

// Routes of spec section 2. Only the layout and Home are in the entry chunk; every other page is a
// lazy module. There is deliberately no errorElement: the router's default error page
// ("Unexpected Application Error!") is the specified behaviour.

const COMING_SOON: ReadonlyArray<[path: string, page: ComingSoonPageKey]> = [
  // React Router matches a trailing slash too, so this also serves /register-agent/.
  ['register-agent', 'registerAgent'],
  ['account-setup', 'accountSetup'],
  ['subscription/success', 'subscriptionSuccess'],
  ['subscription/cancel', 'subscriptionCancel'],
  ['subscription/manage', 'subscriptionManage'],
  ['signin', 'signIn'],
  ['employer-signup', 'employerSignup'],
  ['dashboard', 'dashboard'],
  ['employer-dashboard', 'employerDashboard'],
  ['admin/directory', 'adminDirectory'],
  ['rjs', 'rjs'],
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: RootLayoutFallback,
    children: [
      { index: true, Component: HomeRoute },
      { path: 'directory', lazy: () => import('./routes/directory') },
      { path: 'agents/:id', lazy: () => import('./routes/agent') },
      { path: 'privacy', lazy: () => import('./routes/privacy') },
      { path: 'terms', lazy: () => import('./routes/terms') },
      ...COMING_SOON.map(([path, page]) => ({
        path,
        handle: { comingSoon: page } satisfies ComingSoonHandle,
        lazy: () => import('./routes/coming-soon'),
      })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
