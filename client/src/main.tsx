import './styles/base.css';
import './styles/layout.css';
import './styles/agent-card.css';
import './styles/trust.css';
import './styles/home.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router-dom';
import { App } from './app/app';
import { routes } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The lazy route modules of this address, loaded into their routes: a router created after this
 * renders the page at once, as the server did, instead of its loading frame.
 */
async function loadRouteModules(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

// The server rendered the first view of the home page and agent pages (issue 25, entry-server.tsx):
// hydrate it. Any other page arrives empty and is rendered here.
if (container.firstElementChild) {
  loadRouteModules().then(
    () => hydrateRoot(container, <App />),
    () => createRoot(container).render(<App />),
  );
} else {
  createRoot(container).render(<App />);
}
