import type { FirstView } from '@agentry/domain/first-view';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from './app/router';
import { servingFirstView } from './lib/api/first-view';
import { AuthProvider } from './lib/auth/auth-provider';

// The server's rendering of a page's first view (issue 25, speed as felt): the API process loads
// this bundle (client/dist-ssr/, built by `npm run build`) and renders the home page and agent
// pages for people as well as for crawlers, with the answers the page carries (first-view.ts), so
// the first paint needs neither the JavaScript nor a round trip to the API. The browser then
// hydrates it (main.tsx). The tree is the one App renders, but with the static router; nobody is
// signed in here (the session is read by the browser, as before).

// The route table as the static router reads it, built once per process: it holds no request's
// state (query() keeps that per call), and building it flattened and ranked every route again for
// each page, a fifth of an agent page's rendering (2.2-2.5 % of each API worker under the visitor
// mix, issue 24's profile).
const handler = createStaticHandler(routes);

/** The first view of `url` (origin included) as HTML for #root, or null when it cannot be rendered. */
export async function render(url: string, view: FirstView): Promise<string | null> {
  const context = await handler.query(new Request(url));
  // A redirect or an error: the browser renders it as before.
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  return servingFirstView(view, () =>
    renderToString(
      <StrictMode>
        <AuthProvider>
          {/* No hydration data: it would be an inline script, which the CSP forbids; nothing loads data. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AuthProvider>
      </StrictMode>,
    ),
  );
}
