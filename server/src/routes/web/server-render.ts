import fs from 'node:fs';
import path from 'node:path';
import type { FirstView } from '@agentry/domain/first-view';
import type { Logger } from '@agentry/platform/log/logger';

// The client's server-side rendering (client/src/entry-server.tsx, built into client/dist/.ssr/
// by `npm run build`): the first view of the home page and of agent pages as HTML for people too,
// not only crawlers' meta (issue 25, speed as felt). The browser hydrates it. Without that bundle
// (an older build) pages go out empty, as before.
//
// Loading it holds the thread 100–180 ms (the bundle's code run, and Node's fetch module): before
// listening, that was on every start's path to searchable, though no request needs it then (issue
// 24). So it loads when asked (load(): start.ts asks once the index is current) or with the first
// page, whichever comes first.

type Render = (url: string, view: FirstView) => Promise<string | null>;

export interface ServerRenderer {
  /** The HTML of #root for `url` (path and query) with the page's answers, or null (rendered in the browser). */
  render(url: string, view: FirstView): Promise<string | null>;
  /** Loads the bundle now if it is not loaded yet; false when it cannot be (pages then render in the browser). */
  load(): boolean;
  /**
   * load() in two turns of the event loop: Node's fetch module, then the bundle. Each holds the
   * thread about as long as the other (0.1-0.4 s together at load 8-10 on this project's machines,
   * issue 24's lost mirror: a request that came meanwhile waited for both).
   */
  loadInTurns(): Promise<boolean>;
}

/** The renderer of the bundle in `clientDist`, loaded on first use (or load()); null without a bundle. */
export function lazyServerRenderer(clientDist: string, logger: Pick<Logger, 'warn'>): ServerRenderer | null {
  const file = path.join(clientDist, '.ssr', 'entry-server.cjs');
  if (!fs.existsSync(file)) return null;
  let loaded: Render | null = null;
  let failed = false;
  // Rendering makes a Request (the static router's query), and Node loads and compiles its fetch
  // module (undici) at the first use of one: 0.2-1.3 s of the event loop at a worker's first
  // rendered page under load (issue 24's profile). Paid with the bundle, not with a page.
  const loadFetch = () => void new Request('http://localhost/');
  const load = (): Render | null => {
    if (loaded || failed) return loaded;
    try {
      // A file of the client's build, read at run time as index.html is: not a module of the server.
      loaded = (require(file) as { render: Render }).render;
    } catch (error) {
      failed = true;
      logger.warn({ err: error, file }, 'server renderer could not be loaded: pages render in the browser');
      return null;
    }
    loadFetch();
    return loaded;
  };
  return {
    load: () => load() !== null,
    async loadInTurns() {
      if (loaded || failed) return loaded !== null;
      loadFetch();
      await new Promise((resolve) => setImmediate(resolve));
      return load() !== null;
    },
    async render(url, view) {
      const render = load();
      if (!render) return null;
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

/**
 * Requests a process may hold (http/in-flight.ts) before the pages it renders for their address go
 * out unrendered: with their first view's answers but without the server's HTML, so the browser
 * renders them from those answers, as it did before pages were rendered on the server (issue 25).
 * Rendering an agent page costs about 2 ms of the thread (React, and the router's links most of
 * all), more than the rest of the page; with 15 % agent pages in the visitor mix it was the one
 * kind that grew dearer between a8a1a53 and main, a share of main's 1.45 times the CPU a request in
 * bench:load's saturated closed loop (issue 24, BENCHMARKS.md session 15). The bound is more than a process keeping up holds (none of 53 agent
 * pages went unrendered with 20 clients on one worker, nor does any under the open loop at 300
 * req/s, where a worker holds one to a few) and fewer than a saturated one holds (45 of 55 did with
 * 100 clients on one worker, as in the closed loop of 200 clients).
 */
export const RENDER_UNTIL_IN_FLIGHT = 32;

/** The Server-Timing name of a page sent unrendered because its process was behind (bench:load counts them). */
export const RENDER_SKIPPED_TIMING = 'render-skipped';
