import fs from 'node:fs';
import path from 'node:path';
import type { FirstView } from '@agentry/domain/first-view';
import type { Logger } from '@agentry/platform/log/logger';

// The client's server-side rendering (client/src/entry-server.tsx, built into client/dist/.ssr/
// by `npm run build`), loaded at start like index.html: the first view of the home page and of
// agent pages as HTML for people too, not only crawlers' meta (issue 25, speed as felt). The
// browser hydrates it. Without that bundle (an older build) pages go out empty, as before.

type Render = (url: string, view: FirstView) => Promise<string | null>;

export interface ServerRenderer {
  /** The HTML of #root for `url` (path and query) with the page's answers, or null (rendered in the browser). */
  render(url: string, view: FirstView): Promise<string | null>;
}

export function loadServerRenderer(clientDist: string, logger: Pick<Logger, 'warn'>): ServerRenderer | null {
  const file = path.join(clientDist, '.ssr', 'entry-server.cjs');
  if (!fs.existsSync(file)) return null;
  // A file of the client's build, read at run time as index.html is: not a module of the server.
  const { render } = require(file) as { render: Render };
  // Rendering makes a Request (the static router's query), and Node loads and compiles its fetch
  // module (undici) at the first use of one: 0.2-1.3 s of the event loop at a worker's first
  // rendered page under load (issue 24's profile). Paid here, at start, before the port opens.
  void new Request('http://localhost/');
  return {
    async render(url, view) {
      try {
        return await render(`http://localhost${url}`, view);
      } catch (error) {
        // A page that fails to render on the server is rendered by the browser, as before.
        logger.warn({ err: error, url }, 'server rendering failed');
        return null;
      }
    },
  };
}
