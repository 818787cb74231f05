import { useSortBy } from 'react-instantsearch';
import { SORT_OPTIONS } from '../utils/search-config';

const ITEMS = SORT_OPTIONS.map((option) => ({ value: option.indexName, label: option.label }));

/** "Sort by": InstantSearch's SortBy, as a labelled select; orders the server lacks are left out. */
export function SortSelect({ unavailable }: { unavailable: ReadonlySet<string> }) {
  const { currentRefinement, options, refine } = useSortBy({ items: ITEMS });
  return (
    <div className="sort-select">
      <label htmlFor="employer-search-sort">Sort by</label>
      <select
        id="employer-search-sort"
        value={currentRefinement}
        onChange={(event) => refine(event.target.value)}
      >
        {options
          .filter((option) => !unavailable.has(option.value) || option.value === currentRefinement)
          .map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
      </select>
    </div>
  );
}
