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

/**
 * The field settings a coordinate search fitted on dev and the tune half (`fittedFields`, off:
 * measured, not kept — BENCHMARKS.md; scripts/src/eval/ranker/tune-fields-main.ts): cross-validated
 * by query they scored below the settings above (0.739 against 0.743), and the folds agreed only on
 * the description's normalisation, which they left as it is. Only the values that differ are named.
 */
export const FITTED_FIELDS: {
  weights: Partial<Record<IndexedField, number>>;
  norms: Partial<Record<IndexedField, number>>;
} = {
  weights: { name: 2, role: 2, provider: 0.25 },
  norms: { name: 0.5, role: 0 },
};

/** The weights and norms an index built now uses: the settings above, or the fitted ones under `fittedFields`. */
export function fieldSettings(fitted: boolean): {
  weights: Record<IndexedField, number>;
  norms: Record<IndexedField, number>;
} {
  return fitted
    ? {
        weights: { ...FIELD_WEIGHTS, ...FITTED_FIELDS.weights },
        norms: { ...FIELD_LENGTH_NORM, ...FITTED_FIELDS.norms },
      }
    : { weights: FIELD_WEIGHTS, norms: FIELD_LENGTH_NORM };
}

export const FIELD_BIT: Record<IndexedField, number> = {
  name: 1,
  role: 2,
  category: 4,
  description: 8,
  provider: 16,
};
