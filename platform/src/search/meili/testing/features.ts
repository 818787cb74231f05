import { FEATURE_NAMES, setFeatures } from '../../query/features';

// The adapter's tests describe what each feature becomes in Meilisearch, so they run with every
// feature on, whatever production's defaults, and turn one off to show its ablation.

/** Every ranking feature on, then the given changes. */
export function featuresOnExcept(
  changes: Partial<Record<(typeof FEATURE_NAMES)[number], boolean>> = {},
): void {
  setFeatures({ ...Object.fromEntries(FEATURE_NAMES.map((name) => [name, true])), ...changes });
}

/** Back to production's defaults (afterAll). */
export const defaultFeatures = (): void => setFeatures({});
