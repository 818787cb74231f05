import type { SavedSearchQuery } from '@agentry/domain/saved-searches';
import type { UiState } from 'instantsearch.js';
import { FACETS } from './search-config';
import { stateToRoute } from './search-route';

// The search on the screen as a saved search keeps it (issue 28): the same fields the address
// holds (search-route.ts), so opening the saved search's address gives the same screen back.

export function savedSearchOf(uiState: UiState): SavedSearchQuery {
  const route = stateToRoute(uiState);
  const filters: SavedSearchQuery['filters'] = {};
  for (const { attribute } of FACETS) {
    const values = route[attribute];
    if (values && values.length > 0) filters[attribute] = values;
  }
  return {
    query: route.q?.trim() ?? '',
    filters,
    price_min: route.price_min ?? null,
    price_max: route.price_max ?? null,
    starting_price_min: route.from_min ?? null,
    starting_price_max: route.from_max ?? null,
    sort: (route.sort as SavedSearchQuery['sort']) ?? null,
  };
}
