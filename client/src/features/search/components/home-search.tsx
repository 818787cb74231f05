import { useState } from 'react';
import {
  InstantSearch,
  useConfigure,
  useInfiniteHits,
  useInstantSearch,
  useSearchBox,
} from 'react-instantsearch';
import { Link } from 'react-router-dom';
import { HITS_PER_PAGE, SEARCH_INDEX } from '../../../config/site';
import { matchCountOf, suggestionsOf } from '../../../lib/match-info';
import { createSearchClient } from '../../../lib/search-client';
import { type RoleSelection, RoleView } from './role-view';
import { SEARCH_BOX_ID, SearchBox } from './search-box';
import { type AgentHit, SearchResults } from './search-results';

// The home search (spec sections 2, 4, 5): InstantSearch with our own search client. The query is
// set only on submit; a role chip swaps the results for the role view until "back".

const searchClient = createSearchClient();

interface HomeSearchProps {
  /** From /?query=…: fills the box and runs the search on arrival. */
  initialQuery: string;
  /** Called with each submitted query ('' when the search is cleared), to keep ?query= in step. */
  onQueryChange: (query: string) => void;
  subtitle: string;
}

export function HomeSearch({ initialQuery, onQueryChange, subtitle }: HomeSearchProps) {
  return (
    <InstantSearch
      searchClient={searchClient}
      indexName={SEARCH_INDEX}
      initialUiState={{ [SEARCH_INDEX]: { query: initialQuery } }}
      future={{ preserveSharedStateOnUnmount: true }}
      insights={false}
    >
      <SearchExperience initialQuery={initialQuery} onQueryChange={onQueryChange} subtitle={subtitle} />
    </InstantSearch>
  );
}

function SearchExperience({ initialQuery, onQueryChange, subtitle }: HomeSearchProps) {
  useConfigure({ hitsPerPage: HITS_PER_PAGE });
  const { refine } = useSearchBox();
  const { status, error } = useInstantSearch({ catchError: true });
  const { items, results, isLastPage, showMore } = useInfiniteHits<AgentHit>();
  const [text, setText] = useState(initialQuery);
  // The submitted query is ours to keep: InstantSearch reports an empty one while a search fails.
  const [query, setQuery] = useState(initialQuery);
  const [roleView, setRoleView] = useState<RoleSelection | null>(null);
  const [cameBack, setCameBack] = useState(false);

  const searching = query !== '' && (status === 'loading' || status === 'stalled');
  const failed = status === 'error' && error !== undefined;
  // The count shown is of the agents meeting the match floor; nbHits also counts related agents.
  const total = matchCountOf(results, results?.nbHits ?? 0);
  const hasEarlierResults = query !== '' && items.length > 0;

  function submit(nextQuery: string) {
    setRoleView(null);
    setCameBack(false);
    setQuery(nextQuery);
    refine(nextQuery);
    onQueryChange(nextQuery);
  }

  function back() {
    setRoleView(null);
    setCameBack(hasEarlierResults);
    if (hasEarlierResults) {
      setText(query);
      return;
    }
    document.getElementById(SEARCH_BOX_ID)?.focus();
    setText('');
    setQuery('');
    refine('');
    onQueryChange('');
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
          onRoleSelect={(role, category) => setRoleView({ role, category })}
        />
      ) : (
        <SearchResults
          query={query}
          hits={items}
          total={total}
          suggestions={suggestionsOf(results)}
          onSearch={(next) => {
            setText(next);
            submit(next);
          }}
          searching={searching}
          failed={failed}
          isLastPage={isLastPage}
          onShowMore={showMore}
          onRoleSelect={(role, category) => setRoleView({ role, category })}
          focusOnMount={cameBack}
        />
      )}
    </>
  );
}
