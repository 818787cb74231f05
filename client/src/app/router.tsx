import { LATER_SCREENS, ROUTES } from '@agentry/domain/routes';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RootLayout, RootLayoutFallback } from '../components/layout/root-layout';
import type { ComingSoonHandle, ComingSoonPageKey } from './routes/coming-soon';
import { HomeRoute } from './routes/home';

// Routes of spec section 2. Only the layout and Home are in the entry chunk; every other page is a
// lazy module. There is deliberately no errorElement: the router's default error page
// ("Unexpected Application Error!") is the specified behaviour.

// React Router matches a trailing slash too, so /register-agent also serves /register-agent/.
const COMING_SOON: ReadonlyArray<[path: string, page: ComingSoonPageKey]> = LATER_SCREENS.map((key) => [
  ROUTES[key].slice(1),
  key,
]);
const child = (path: string) => path.slice(1);

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
