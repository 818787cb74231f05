import { decodeEntities } from '@agentry/domain/html-entities';
import { PRICING_LABELS } from '@agentry/domain/pricing';
import { profileFacetLabel } from '@agentry/domain/profile-facets';
import { isProfileFacet } from '@agentry/domain/search-fields';
import type { CurrentRefinementsConnectorParamsRefinement } from 'instantsearch.js/es/connectors/current-refinements/connectCurrentRefinements';
import { useClearRefinements, useCurrentRefinements } from 'react-instantsearch';
import { FACETS, RANGES } from '../utils/search-config';

// The filters in force (InstantSearch's CurrentRefinements), each a button that removes it, and
// Clear all (ClearRefinements). The query stays: it is in the search box. After a removal, focus
// goes to the results count (onRemoved), as the button pressed is gone.

const TITLES: Record<string, string> = {
  ...Object.fromEntries(FACETS.map((facet) => [facet.attribute, facet.title])),
  ...Object.fromEntries(RANGES.map((range) => [range.attribute, range.chip])),
};

export function refinementText(refinement: CurrentRefinementsConnectorParamsRefinement): string {
  const title = TITLES[refinement.attribute] ?? refinement.attribute;
  if (refinement.type === 'numeric') {
    const amount = `$${refinement.value}`;
    return `${title}: ${refinement.operator === '<=' || refinement.operator === '<' ? 'up to' : 'from'} ${amount}`;
  }
  const value = String(refinement.value);
  const label =
    refinement.attribute === 'pricing'
      ? (PRICING_LABELS[value as keyof typeof PRICING_LABELS] ?? value)
      : isProfileFacet(refinement.attribute)
        ? profileFacetLabel(refinement.attribute, value)
        : decodeEntities(value);
  return `${title}: ${label}`;
}

export function ActiveFilters({ onRemoved }: { onRemoved: () => void }) {
  const { items, refine } = useCurrentRefinements();
  const clear = useClearRefinements();
  const refinements = items.flatMap((item) => item.refinements);
  if (refinements.length === 0) return null;
  return (
    <div className="active-filters">
      <h3 className="visually-hidden">Filters in use</h3>
      <ul className="active-filters__list">
        {refinements.map((refinement) => {
          const text = refinementText(refinement);
          return (
            <li key={`${refinement.attribute}:${refinement.operator ?? ''}:${refinement.value}`}>
              <button
                type="button"
                className="filter-chip"
                aria-label={`Remove ${text}`}
                onClick={() => {
                  refine(refinement);
                  onRemoved();
                }}
              >
                {text} <span aria-hidden="true">×</span>
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="link-button"
        disabled={!clear.canRefine}
        onClick={() => {
          clear.refine();
          onRemoved();
        }}
      >
        Clear all filters
      </button>
    </div>
  );
}
