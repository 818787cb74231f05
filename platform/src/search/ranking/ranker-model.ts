import { LinearModel, type RankerFile } from './linear-model';
import weights from './ranker-weights.json';

// The learned ranker in force: the committed weights, loaded once at start. The training script and
// the ablation put other weights in force for a while (setRankerModel).

let current: LinearModel | null = null;

export function rankerModel(): LinearModel {
  current ??= new LinearModel(weights as RankerFile);
  return current;
}

/** Puts these weights in force (null: back to the committed ones). */
export function setRankerModel(file: RankerFile | null): void {
  current = file ? new LinearModel(file) : null;
  modelKey = file ? JSON.stringify(file.weights) : '';
}

let modelKey = '';

/** Differs whenever weights other than the committed ones are in force (for result caches). */
export function rankerModelKey(): string {
  return modelKey;
}
