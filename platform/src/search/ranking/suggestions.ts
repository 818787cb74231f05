import type { SearchSuggestions } from '@agentry/domain/search-match';
import type { SearchDocument } from '../port';

// What a search with no close match offers: the query with a word read otherwise (when one reading
// is likely), and the categories and roles of the nearest agents, to browse instead.

const MAX_SUGGESTIONS = 3;

function mostCommon<T>(items: T[], key: (item: T) => string): T[] {
  const counts = new Map<string, { item: T; count: number; first: number }>();
  items.forEach((item, i) => {
    const k = key(item);
    const entry = counts.get(k);
    if (entry) entry.count += 1;
    else counts.set(k, { item, count: 1, first: i });
  });
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, MAX_SUGGESTIONS)
    .map((entry) => entry.item);
}

export function suggestionsFrom(nearest: SearchDocument[], correctedQuery?: string): SearchSuggestions {
  const suggestions: SearchSuggestions = {
    categories: mostCommon(nearest, (document) => document.category).map((document) => document.category),
    roles: mostCommon(nearest, (document) => `${document.role}\u0000${document.category}`).map(
      (document) => ({
        role: document.role,
        category: document.category,
      }),
    ),
  };
  if (correctedQuery) suggestions.query = correctedQuery;
  return suggestions;
}
