// Field weights and length normalisation of BM25F. Name matters most, then role, category,
// description and provider (issue: name > role > category > description > provider).

export const INDEXED_FIELDS = ['name', 'role', 'category', 'description', 'provider'] as const;
export type IndexedField = (typeof INDEXED_FIELDS)[number];

export const FIELD_WEIGHTS: Record<IndexedField, number> = {
  name: 4,
  role: 3,
  category: 1.25,
  description: 1,
  provider: 0.5,
};
/** How much a field's length dampens its term frequency: short fields barely, descriptions fully. */
export const FIELD_LENGTH_NORM: Record<IndexedField, number> = {
  name: 0.3,
  role: 0.2,
  category: 0.2,
  description: 0.75,
  provider: 0.3,
};
export const K1 = 1.2;

export const FIELD_BIT: Record<IndexedField, number> = {
  name: 1,
  role: 2,
  category: 4,
  description: 8,
  provider: 16,
};
