import { HOME_HIGHLIGHT_TAGS } from '@agentry/domain/first-view';
import { searchableText } from '@agentry/domain/search-text';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { InstantSearchServerState } from 'react-instantsearch';
import {
  InstantSearch,
  InstantSearchSSRProvider,
  useConfigure,
  useInfiniteHits,
  useInstantSearch,
  useSearchBox,
} from 'react-instantsearch';
import { Link } from 'react-router-dom';
import { HITS_PER_PAGE, LIVE_SEARCH_DELAY_MS, SEARCH_INDEX } from '../../../config/site';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { hasFirstView, takeFirstSearch } from '../../../lib/api/first-view';
import { matchCountOf, suggestionsOf } from '../../../lib/match-info';
import { createSearchClient } from '../../../lib/search-client';
import { type RoleSelection, RoleView } from './role-view';
import { SEARCH_BOX_ID, SearchBox } from './search-box';
import { type AgentHit, SearchResults } from './search-results';

// The home search (spec sections 2, 4, 5): InstantSearch with our own search client. The query is
// set on submit, and while typing once the text rests for LIVE_SEARCH_DELAY_MS (issue 25: results
// appeared only after Enter); either way the address follows with a replace, so Back still leaves
// the search rather than stepping through keystrokes, and InstantSearch drops answers to queries
// overtaken meanwhile. The count is the server's, which holds while a word is typed (issue 27).
// A role chip swaps the results for the role view until "back". The role view lives in the
// address (the route owns it), so the browser's Back leaves it like the back button.

const searchClient = createSearchClient();

interface HomeSearchProps {
  /** From /?query=…: fills the box and runs the search on arrival. */
  initialQuery: string;
  /** Called with each submitted query ('' when the search is cleared), to keep ?query= in step. */
  onQueryChange: (query: string) => void;
  /** The role view the address names, shown instead of the results. */
  roleView: RoleSelection | null;
  /** A role chip was pressed: the route puts the role in the address, with the submitted query. */
  onRoleSelect: (selection: RoleSelection, query: string) => void;
  /** The role view's back button: the route leaves the role view. */
  onRoleBack: (query: string) => void;
  subtitle: string;
}

/**
 * When the page's HTML is the server's rendering of this view (issue 25, entry-server.tsx), the
 * results it was rendered with, so that InstantSearch renders at once, on the server and while
 * the browser hydrates, with no search of its own: none for the bare home page, the first page
 * of results the page carries for ?query=. Null otherwise (InstantSearch then starts as usual).
 */
function renderedState(query: string): InstantSearchServerState | null {
  if (!hasFirstView()) return null;
  if (query === '') return { initialResults: {} };
  const result = takeFirstSearch(query);
  if (!result) return null;
  const state = {
    index: SEARCH_INDEX,
    query,
    hitsPerPage: HITS_PER_PAGE,
    page: 0,
    highlightPreTag: HOME_HIGHLIGHT_TAGS.pre,
    highlightPostTag: HOME_HIGHLIGHT_TAGS.post,
  };
  return { initialResults: { [SEARCH_INDEX]: { state, results: [result] } } } as InstantSearchServerState;
}

export function HomeSearch(props: HomeSearchProps) {
  const { initialQuery } = props;
  const [rendered] = useState(() => renderedState(initialQuery));
  const search = (
    <InstantSearch
      searchClient={searchClient}
      indexName={SEARCH_INDEX}
      initialUiState={{ [SEARCH_INDEX]: { query: initialQuery } }}
      future={{ preserveSharedStateOnUnmount: true }}
      insights={false}
    >
      <SearchExperience {...props} />
    </InstantSearch>
  );
  return rendered ? <InstantSearchSSRProvider {...rendered}>{search}</InstantSearchSSRProvider> : search;
}

function SearchExperience({
  initialQuery,
  onQueryChange,
  roleView,
  onRoleSelect,
  onRoleBack,
  subtitle,
}: HomeSearchProps) {
  useConfigure({ hitsPerPage: HITS_PER_PAGE });
  const { refine } = useSearchBox();
  const { status, error } = useInstantSearch({ catchError: true });
  const { items: latestItems, results: latestResults, isLastPage, showMore } = useInfiniteHits<AgentHit>();
  // The cards follow the results at a lower priority than typing (issue 25: a keystroke answers
  // within 200 ms): React renders them in the background and lets a keystroke in first.
  const items = useDeferredValue(latestItems);
  const results = useDeferredValue(latestResults);
  const [text, setText] = useState(initialQuery);
  // The submitted query is ours to keep: InstantSearch reports an empty one while a search fails.
  const [query, setQuery] = useState(initialQuery);
  const [cameBack, setCameBack] = useState(false);

  // Until the deferred render has caught up with an answer, it is still on its way to the screen:
  // "No close match" must never show for the results of before.
  const catchingUp = items !== latestItems || results !== latestResults;
  const searching = query !== '' && (status === 'loading' || status === 'stalled' || catchingUp);
  const failed = status === 'error' && error !== undefined;
  // The count shown is of the agents meeting the match floor; nbHits also counts related agents.
  const total = matchCountOf(results, results?.nbHits ?? 0);
  const hasEarlierResults = query !== '' && items.length > 0;

  // Leaving the role view (its button or the browser's Back) puts focus back on the results.
  const hadRoleView = useRef(roleView !== null);
  useEffect(() => {
    if (hadRoleView.current && roleView === null) setCameBack(hasEarlierResults);
    hadRoleView.current = roleView !== null;
  }, [roleView, hasEarlierResults]);

  function submit(nextQuery: string) {
    setCameBack(false);
    setQuery(nextQuery);
    refine(nextQuery);
    onQueryChange(nextQuery);
  }

  // Live results: the text, once it rests, is searched as if submitted; emptied, the search is
  // cleared and the storefront comes back. Not in the role view, which the address holds.
  const settled = useDebouncedValue(text, LIVE_SEARCH_DELAY_MS);
  const live = useRef({ query, roleView, submit, clear });
  live.current = { query, roleView, submit, clear };
  useEffect(() => {
    const { query: current, roleView: inRoleView, submit: search, clear: reset } = live.current;
    // Too short to search (domain/search-text.ts: one character) is as blank.
    const next = searchableText(settled).trim();
    if (inRoleView || next === current) return;
    if (next === '') reset();
    else search(next);
  }, [settled]);

  function clear() {
    setCameBack(false);
    setQuery('');
    refine('');
    onQueryChange('');
  }

  // The results keep their callbacks' identity, so a keystroke (a new `text`) does not re-render
  // the cards (SearchResults is memoised; issue 25's INP): they call the latest functions.
  const latest = useRef({ submit, onRoleSelect, query });
  latest.current = { submit, onRoleSelect, query };
  const resultsActions = useMemo(
    () => ({
      search(next: string) {
        setText(next);
        latest.current.submit(next);
      },
      roleSelect(role: string, category: string) {
        latest.current.onRoleSelect({ role, category }, latest.current.query);
      },
    }),
    [],
  );
  // The results' own object: the same from one keystroke to the next.
  const suggestions = suggestionsOf(results);

  function back() {
    if (hasEarlierResults) {
      setText(query);
      onRoleBack(query);
      return;
    }
    document.getElementById(SEARCH_BOX_ID)?.focus();
    setText('');
    setQuery('');
    refine('');
    onRoleBack('');
  }

  return (
    <>
      <section className="hero" aria-labelledby="home-heading">
        <h1 id="home-heading">Describe the job. Find the agent.</h1>
        <p className="hero__subtitle">{subtitle}</p>
        <SearchBox value={text} onChange={setText} onSubmit={submit} searching={searching} />
        <p className="hero__links">
          <Link to="/directory">Directory</Link>
          <span aria-hidden="true">·</span>
          <Link to="/register-agent">Add your AI agent</Link>
        </p>
      </section>
      {roleView ? (
        <RoleView
          selection={roleView}
          earlierResults={items}
          hasEarlierResults={hasEarlierResults}
          onBack={back}
          onRoleSelect={(role, category) => onRoleSelect({ role, category }, query)}
        />
      ) : (
        <SearchResults
          query={query}
          hits={items}
          total={total}
          suggestions={suggestions}
          onSearch={resultsActions.search}
          searching={searching}
          failed={failed}
          isLastPage={isLastPage}
          onShowMore={showMore}
          onRoleSelect={resultsActions.roleSelect}
          focusOnMount={cameBack}
        />
      )}
    </>
  );
}
