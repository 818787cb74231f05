// Which of an agent's fields search counts and highlights, written once for the engines (through
// platform's search port), the InstantSearch answer (the API's contract) and the client's widgets.

/** Fields whose values search counts (facets) and filters on. */
export const FACET_FIELDS = ['category', 'role', 'provider', 'pricing'] as const;
export type FacetField = (typeof FACET_FIELDS)[number];

/** Fields whose matched words search marks. */
export const HIGHLIGHT_FIELDS = ['name', 'role', 'category', 'description', 'provider'] as const;
export type HighlightFieldName = (typeof HIGHLIGHT_FIELDS)[number];
