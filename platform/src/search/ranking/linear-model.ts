import { FEATURE_COUNT, FEATURE_NAMES, type FeatureName } from './features';

// A linear ranker: a weight per feature, learned offline (scripts/src/eval/ranker/train-ranker-main.ts) and
// committed as JSON (ranker-weights.json). Features a model file does not name weigh nothing, so
// an older file keeps working when a feature is added.

export interface RankerFile {
  /** How the weights were made: the command, the training queries, the cross-validated figures. */
  trainedWith: Record<string, unknown>;
  weights: Partial<Record<FeatureName, number>>;
}

export class LinearModel {
  readonly weights: Float64Array;

  constructor(file: RankerFile) {
    this.weights = new Float64Array(FEATURE_COUNT);
    FEATURE_NAMES.forEach((name, i) => {
      const weight = file.weights[name];
      this.weights[i] = typeof weight === 'number' && Number.isFinite(weight) ? weight : 0;
    });
  }

  score(features: Float64Array): number {
    let sum = 0;
    for (let i = 0; i < FEATURE_COUNT; i++) sum += this.weights[i]! * features[i]!;
    return sum;
  }
}
