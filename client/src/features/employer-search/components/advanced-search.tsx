import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { InstantSearch, Pagination, SearchBox, useConfigure, useInstantSearch } from 'react-instantsearch';
import { CompareBar } from '../../../components/employer-tools/compare-bar';
import { SubscribeInvitation } from '../../../components/employer-tools/subscribe-invitation';
import { LIVE_SEARCH_DELAY_MS, SEARCH_INDEX } from '../../../config/site';
import { ApiError } from '../../../lib/api/api-client';
import { requiresSubscription } from '../../../lib/api/requires-subscription';
import { formatCount } from '../../../lib/format-count';
import { matchCountOf } from '../../../lib/match-info';
import { createEmployerSearchClient } from '../api/employer-search-client';
import { useSearchRouting } from '../hooks/use-search-routing';
import { resultsAsTransition } from '../utils/results-as-transition';
import { FACETS, HITS_PER_PAGE, RANGES, SORT_OPTIONS } from '../utils/search-config';
import { ActiveFilters } from './active-filters';
import { FacetFilter } from './facet-filter';
import { FilterPanel, WIDE_SCREEN } from './filter-panel';
import { PriceRange } from './price-range';
import { SaveSearch } from './save-search';
import { SearchHits } from './search-hits';
import { SortSelect } from './sort-select';

// The advanced search (employer plan): InstantSearch on the employer endpoint with the whole
// state in the URL. Widgets stay mounted whatever happens: unmounting one would drop its filter
// from the state, and so from the URL.

/** Orders the server answered 400 for, this visit: not offered again. */
const unavailableSorts = new Set<string>();

/** Typed text is searched once it rests, as in the home box (LIVE_SEARCH_DELAY_MS). */
const debounce = (() => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (query: string, search: (value: string) => void) => {
    clearTimeout(timer);
    timer = setTimeout(() => search(query), LIVE_SEARCH_DELAY_MS);
  };
})();

export function AdvancedSearch({ writeDelay }: { writeDelay?: number }) {
  const [searchClient] = useState(() => createEmployerSearchClient());
  const routing = useSearchRouting(writeDelay);
  return (
    <InstantSearch
      searchClient={searchClient}
      indexName={SEARCH_INDEX}
      routing={routing}
      insights={false}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <SearchLayout />
    </InstantSearch>
  );
}

/** Wide screens show the profile facts' filters open; a phone shows them folded, below the others. */
const opensWide = () =>
  typeof window === 'undefined' || typeof window.matchMedia !== 'function'
    ? true
    : window.matchMedia(WIDE_SCREEN).matches;

/**
 * The facts of agent profiles (issue 28) as filters: a group of their own, as they count only the
 * agents that state them. Folded, the widgets stay mounted (their filters stay in the state).
 */
const ProfileFacets = memo(function ProfileFacets() {
  const [open] = useState(opensWide);
  return (
    <details className="facet-group" open={open}>
      <summary className="facet-group__title">From agent profiles</summary>
      <p className="facet-group__note">
        Stated by providers; agents that do not say are left out of a filter.
      </p>
      {FACETS.filter((facet) => 'profile' in facet).map((facet) => (
        <FacetFilter key={facet.attribute} attribute={facet.attribute} title={facet.title} profile />
      ))}
      <PriceRange range={RANGES[1]} />
    </details>
  );
});

function countText(count: number): string {
  if (count === 0) return 'No close match';
  return count === 1 ? '1 agent matches' : `${formatCount(count)} agents match`;
}

function SearchLayout() {
  useConfigure({ hitsPerPage: HITS_PER_PAGE });
  const { error, status, results, indexUiState, setIndexUiState, addMiddlewares } = useInstantSearch({
    catchError: true,
  });
  useEffect(() => addMiddlewares(resultsAsTransition()), [addMiddlewares]);
  const [unavailable, setUnavailable] = useState<ReadonlySet<string>>(() => new Set(unavailableSorts));
  const [notice, setNotice] = useState<string | null>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const page = results?.page;
  const shownPage = useRef<number | undefined>(undefined);

  // An order the server does not know answers 400: take it off the list and sort by relevance.
  useEffect(() => {
    if (!(error instanceof ApiError) || error.status !== 400) return;
    const sort = SORT_OPTIONS.find((option) => option.indexName === indexUiState.sortBy);
    if (!sort || sort.indexName === SEARCH_INDEX) return;
    unavailableSorts.add(sort.indexName);
    setUnavailable(new Set(unavailableSorts));
    setNotice(`Sorting by "${sort.label}" is not available yet, so the results are sorted by relevance.`);
    setIndexUiState(({ sortBy: _, ...state }) => state);
  }, [error, indexUiState.sortBy, setIndexUiState]);

  // Another page of results (not the first one shown): the keyboard and the view go to its start.
  useEffect(() => {
    if (page === undefined) return;
    if (shownPage.current !== undefined && shownPage.current !== page) summaryRef.current?.focus();
    shownPage.current = page;
  }, [page]);

  const refused = requiresSubscription(error);
  const failed = error !== undefined && !refused && status === 'error';
  const searching = status === 'loading' || status === 'stalled';
  const focusResults = () => summaryRef.current?.focus();
  // Kept the same between renders, so the cards (memoised) do not re-render for every state change.
  const selectRole = useCallback(
    (role: string) => {
      setIndexUiState((state) => ({
        ...state,
        page: undefined,
        refinementList: { ...state.refinementList, role: [role] },
      }));
      summaryRef.current?.focus();
    },
    [setIndexUiState],
  );

  return (
    <>
      {refused ? <SubscribeInvitation access="lapsed" /> : null}
      <div className="employer-search__body" hidden={refused}>
        <div className="employer-search__bar">
          <SearchBox
            placeholder="Describe the job, or name an agent or provider"
            queryHook={debounce}
            classNames={{ root: 'employer-search__box' }}
          />
          <SortSelect unavailable={unavailable} />
        </div>
        {notice ? (
          <p className="notice" role="status">
            {notice}
          </p>
        ) : null}
        <div className="employer-search__layout">
          <FilterPanel onDone={focusResults}>
            {FACETS.filter((facet) => !('profile' in facet)).map((facet) => (
              <FacetFilter key={facet.attribute} attribute={facet.attribute} title={facet.title} />
            ))}
            <PriceRange range={RANGES[0]} />
            <ProfileFacets />
          </FilterPanel>
          <section className="employer-search__results" aria-labelledby="employer-results-title">
            <h2 id="employer-results-title" className="visually-hidden">
              Results
            </h2>
            <ActiveFilters onRemoved={focusResults} />
            <SaveSearch />
            <p className="results-summary" role="status" ref={summaryRef} tabIndex={-1}>
              {failed
                ? ''
                : searching && (!results || results.nbHits === 0)
                  ? // InstantSearch hands over empty stand-in results before its first answer: they
                    // are not an answer, and "No close match" for them is untrue.
                    'Searching...'
                  : results
                    ? countText(matchCountOf(results, results.nbHits))
                    : ''}
            </p>
            {failed ? (
              <p className="notice notice--error" role="alert">
                Search is not available right now. Please try again in a moment.
              </p>
            ) : null}
            <SearchHits onRoleSelect={selectRole} />
            <nav className="employer-search__pages" aria-label="Result pages">
              <Pagination padding={2} />
            </nav>
          </section>
        </div>
      </div>
      <CompareBar />
    </>
  );
}
