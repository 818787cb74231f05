import type { PublicAgent } from '@agentry/domain/agent';
import type { SearchSuggestions } from '@agentry/domain/search-match';
import type { Hit } from 'instantsearch.js';
import { memo, type ReactNode, useEffect, useRef } from 'react';
import { AgentCard, type HighlightableField } from '../../../components/agent-card/agent-card';
import { AgentGrid } from '../../../components/agent-card/agent-grid';
import { formatCount } from '../../../lib/format-count';
import { isRelated, whyOf } from '../../../lib/match-info';
import { HighlightedText } from './highlighted-text';
import { NoCloseMatch } from './no-close-match';

// The home search's results: a live count of the agents that meet the match floor, their cards
// with the words that carried the match highlighted and a line saying why each was found, then
// the related agents apart under their own heading, "Show more", and a way forward when nothing
// matches closely.

export type AgentHit = Hit<PublicAgent & Record<string, unknown>>;

const HIGHLIGHTED_FIELDS: readonly HighlightableField[] = [
  'name',
  'provider',
  'category',
  'role',
  'description',
];

function highlightsOf(hit: AgentHit): Partial<Record<HighlightableField, ReactNode>> {
  const highlights: Partial<Record<HighlightableField, ReactNode>> = {};
  for (const field of HIGHLIGHTED_FIELDS) {
    const highlight = hit._highlightResult?.[field];
    if (highlight && 'value' in highlight && typeof highlight.value === 'string') {
      highlights[field] = <HighlightedText value={highlight.value} />;
    }
  }
  return highlights;
}

export function matchCountText(count: number): string {
  return count === 1 ? '1 agent matches' : `${formatCount(count)} agents match`;
}

interface SearchResultsProps {
  query: string;
  hits: readonly AgentHit[];
  /** How many agents meet the match floor (the count shown). */
  total: number;
  suggestions?: SearchSuggestions;
  /** Runs another query (a suggested reading of this one). */
  onSearch: (query: string) => void;
  searching: boolean;
  failed: boolean;
  isLastPage: boolean;
  onShowMore: () => void;
  onRoleSelect: (role: string, category: string) => void;
  /** Moves focus to the results (used when coming back from the role view). */
  focusOnMount?: boolean;
}

/**
 * Memoised: a keystroke in the search box re-renders the box, not the cards (issue 25: a keystroke
 * must answer within 200 ms on a slow phone), so its callers pass callbacks that keep their identity.
 */
export const SearchResults = memo(function SearchResults(props: SearchResultsProps) {
  const {
    query,
    hits,
    total,
    suggestions,
    onSearch,
    searching,
    failed,
    isLastPage,
    onShowMore,
    onRoleSelect,
    focusOnMount = false,
  } = props;
  const summaryRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusOnMount) summaryRef.current?.focus();
  }, [focusOnMount]);
  const idle = query === '';
  const summary = idle
    ? ''
    : searching && hits.length === 0
      ? 'Searching...'
      : failed
        ? ''
        : total === 0
          ? 'No close match'
          : matchCountText(total);
  const matches = hits.filter((hit) => !isRelated(hit));
  const related = hits.filter(isRelated);
  const card = (hit: AgentHit) => (
    <li key={hit.objectID}>
      <AgentCard
        agent={hit}
        highlights={highlightsOf(hit)}
        why={whyOf(hit)?.text}
        onRoleSelect={onRoleSelect}
      />
    </li>
  );
  return (
    <section className="search-results" aria-labelledby="search-results-heading">
      <h2 id="search-results-heading" className="visually-hidden">
        Search results
      </h2>
      <p className="results-summary" role="status" ref={summaryRef} tabIndex={-1}>
        {summary}
      </p>
      {failed && (
        <p className="notice notice--error" role="alert">
          Search is not available right now. Please try again in a moment.
        </p>
      )}
      {!idle && !searching && !failed && total === 0 && (
        <NoCloseMatch
          query={query}
          suggestions={suggestions}
          onSearch={onSearch}
          onRoleSelect={onRoleSelect}
        />
      )}
      {matches.length > 0 && <AgentGrid>{matches.map(card)}</AgentGrid>}
      {related.length > 0 && (
        <section className="related-agents" aria-labelledby="related-agents-heading">
          <h3 id="related-agents-heading" className="related-agents__heading">
            Related agents
          </h3>
          <p className="related-agents__note">They match part of what you asked, not all of it.</p>
          <AgentGrid>{related.map(card)}</AgentGrid>
        </section>
      )}
      {hits.length > 0 && !isLastPage && (
        <div className="show-more">
          <button
            type="button"
            className="button button--secondary"
            onClick={onShowMore}
            disabled={searching}
          >
            {searching ? 'Loading...' : 'Show more'}
          </button>
        </div>
      )}
    </section>
  );
});
