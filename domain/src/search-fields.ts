import { PROFILE_FACET_FIELDS, type ProfileFacetField } from './profile-facets';

// Which of an agent's fields search counts and highlights, written once for the engines (through
// platform's search port), the InstantSearch answer (the API's contract) and the client's widgets.

/** Facets of the spec's fields: one value per agent. */
export const SPEC_FACET_FIELDS = ['category', 'role', 'provider', 'pricing'] as const;
export type SpecFacetField = (typeof SPEC_FACET_FIELDS)[number];

/**
 * Fields whose values search counts (facets) and filters on: the spec's fields, one value each,
 * then the structured profile's facts (profile-facets.ts), any number of values each (none when
 * the provider did not state the fact).
 */
export const FACET_FIELDS = [...SPEC_FACET_FIELDS, ...PROFILE_FACET_FIELDS] as const;
export type FacetField = (typeof FACET_FIELDS)[number];

const PROFILE_FACETS = new Set<string>(PROFILE_FACET_FIELDS);

/** Whether a facet holds a list of values per agent (a profile fact). */
export const isProfileFacet = (field: string): field is ProfileFacetField => PROFILE_FACETS.has(field);

/** Fields whose matched words search marks. */
export const HIGHLIGHT_FIELDS = ['name', 'role', 'category', 'description', 'provider'] as const;
export type HighlightFieldName = (typeof HIGHLIGHT_FIELDS)[number];
