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

  useEffect(() => {
    sync.locationChanged(location.search);
  }, [location.search, sync]);

  return useMemo(
    () => ({
      router: sync.router,
      stateMapping: { $$type: 'agentry.searchRoute', stateToRoute, routeToState },
    }),
    [sync],
  );
}
