import type { Router } from 'instantsearch.js';

// InstantSearch's URL router, on React Router's history. It does what InstantSearch's own history
// router does (read the URL, push a new entry a moment after the search changes, follow the back
// and forward buttons), but through React Router, so both agree on where the page is. The build
// leaves InstantSearch's router (and the qs library behind it) out of the bundle: see
// withoutInstantSearchUrlRouter in vite.config.ts.

export interface UrlRouterOptions<TRoute> {
  pathname: string;
  /** The query string the page opened with ("?q=crm" or ""). */
  initialSearch: string;
  parse: (search: string) => TRoute;
  /** The route as a query string: "" or "?…". */
  format: (route: TRoute) => string;
  /** Moves the page to this query string (a new history entry). */
  navigate: (search: string) => void;
  /** Changes closer together than this make one history entry (InstantSearch's default: 400 ms). */
  writeDelay?: number;
}

export interface UrlRouter<TRoute> {
  router: Router<TRoute>;
  /** Tell the router where the page is now (after back, forward or a link); it follows if that is news. */
  locationChanged: (search: string) => void;
}

export function createUrlRouter<TRoute>(options: UrlRouterOptions<TRoute>): UrlRouter<TRoute> {
  const { pathname, parse, format, navigate, writeDelay = 400 } = options;
  const normal = (search: string) => format(parse(search));
  // The URL's query, as this router writes it: what the page shows now.
  let current = normal(options.initialSearch);
  let listener: ((route: TRoute) => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const router: Router<TRoute> = {
    $$type: 'agentry.reactRouterHistory',
    read: () => parse(current),
    write(route) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        const search = format(route);
        if (disposed || search === current) return;
        current = search;
        navigate(search);
      }, writeDelay);
    },
    onUpdate(callback) {
      listener = callback;
    },
    createURL: (route) => `${pathname}${format(route)}`,
    start() {
      disposed = false;
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };

  return {
    router,
    locationChanged(search) {
      const next = normal(search);
      if (next === current) return;
      // The visitor went elsewhere: a write still waiting would undo that.
      clearTimeout(timer);
      timer = undefined;
      current = next;
      listener?.(parse(next));
    },
  };
}
