import type { PublicAgent } from '@agentry/domain/agent';
import type { Hit } from 'instantsearch.js';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { AgentCard, type HighlightableField } from '../../../components/agent-card/agent-card';
import { AgentGrid } from '../../../components/agent-card/agent-grid';
import { HighlightedText } from './highlighted-text';

// The home search's results: a live count, the cards with highlighted matches, "Show more",
// and a way forward when nothing matches.

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
  return count === 1 ? '1 agent matches' : `${count.toLocaleString('en-US')} agents match`;
}

interface SearchResultsProps {
  query: string;
  hits: readonly AgentHit[];
  total: number;
  searching: boolean;
  failed: boolean;
  isLastPage: boolean;
  onShowMore: () => void;
  onRoleSelect: (role: string, category: string) => void;
  /** Moves focus to the results (used when coming back from the role view). */
  focusOnMount?: boolean;
}

export function SearchResults(props: SearchResultsProps) {
  const {
    query,
    hits,
    total,
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
        : matchCountText(total);
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
        <div className="empty-state">
          <p>
            No agents match <q>{query}</q>.
          </p>
          <p>
            Try describing the job in other words, or <Link to="/directory">browse the directory</Link> by
            category and role.
          </p>
        </div>
      )}
      {hits.length > 0 && (
        <AgentGrid>
          {hits.map((hit) => (
            <li key={hit.objectID}>
              <AgentCard agent={hit} highlights={highlightsOf(hit)} onRoleSelect={onRoleSelect} />
            </li>
          ))}
        </AgentGrid>
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
}
