import type { UiState } from 'instantsearch.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { InstantSearchProps } from 'react-instantsearch';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  routeToSearch,
  routeToState,
  type SearchRoute,
  searchToRoute,
  stateToRoute,
} from '../utils/search-route';
import { createUrlRouter } from '../utils/url-router';

/**
 * InstantSearch's `routing` for the advanced search: the whole search state in the URL (so a
 * search can be shared), a history entry per change (so the back button steps back through it).
 */
export type SearchRouting = Exclude<InstantSearchProps<UiState, SearchRoute>['routing'], boolean | undefined>;

export function useSearchRouting(writeDelay?: number): SearchRouting {
  const location = useLocation();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [pathname] = useState(location.pathname);
  const [sync] = useState(() =>
    createUrlRouter<SearchRoute>({
      pathname,
      initialSearch: location.search,
      parse: searchToRoute,
      format: routeToSearch,
      navigate: (search) => navigateRef.current({ pathname, search }, { preventScrollReset: true }),
      writeDelay,
    }),
  );

  // Every navigation React commits, not only a new query string: when a write of ours and the
  // back button land in one render (results render as a transition, issue 25), the address React
  // shows is the one from before the write, and the router must still follow it.
  useEffect(() => {
    sync.locationChanged(location.search);
  }, [location, sync]);

  return useMemo(
    () => ({
      router: sync.router,
      stateMapping: { $$type: 'agentry.searchRoute', stateToRoute, routeToState },
    }),
    [sync],
  );
}
