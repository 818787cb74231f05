import fs from 'node:fs';
import path from 'node:path';

// The judged sets a ranking experiment may fit on, written once for the scripts of this folder
// (train-ranker, tune-feature, misses, quick). dev and the tune half are the development sets of
// every session so far; `train` is the judged training set written for fitting alone
// (scripts/eval/own-train.*: queries written before any result was seen, pooled, judged blind; own-train-2.*, a second),
// used once its files exist; own-train-3/-4 as train3/train4, all of them as `--train all`. The reported half and the fresh sets are never among them: they are
// read only by eval:ablation, eval:sets and train-ranker's --held-out.

export interface TrainingSet {
  label: string;
  /** Paths from the repository's root. */
  queries: string;
  qrels: string;
}

export const TRAINING_SETS: readonly TrainingSet[] = [
  { label: 'dev', queries: '../shared/eval/dev-queries.txt', qrels: '../shared/eval/dev-qrels.json' },
  { label: 'tune', queries: 'scripts/eval/own-tune.tsv', qrels: 'scripts/eval/own-tune.json' },
  { label: 'train', queries: 'scripts/eval/own-train.tsv', qrels: 'scripts/eval/own-train.json' },
  // A second training set (session 13, s37-judge: written before any result was seen, judged blind).
  { label: 'train2', queries: 'scripts/eval/own-train-2.tsv', qrels: 'scripts/eval/own-train-2.json' },
  // Third and fourth (session 13, the same writer and judge, written after judging own-train-2, so
  // with some knowledge of the catalog's gaps; still written before any result was seen).
  { label: 'train3', queries: 'scripts/eval/own-train-3.tsv', qrels: 'scripts/eval/own-train-3.json' },
  { label: 'train4', queries: 'scripts/eval/own-train-4.tsv', qrels: 'scripts/eval/own-train-4.json' },
];

/** Every training set at once (`--train all`): dev, the tune half and the four own-train sets. */
export const ALL_TRAINING = TRAINING_SETS.map((set) => set.label);

/** What fitting reads when `--train` names nothing: dev and the tune half, as in every figure before. */
export const DEFAULT_TRAINING = ['dev', 'tune'];

/**
 * The sets named (`--train dev,tune,train`), in that order. An unknown name, or a set whose files
 * are missing, is an error: a figure fitted on fewer queries than asked must not pass for the other.
 */
export function trainingSets(root: string, names: readonly string[] = DEFAULT_TRAINING): TrainingSet[] {
  return names.map((name) => {
    const set = TRAINING_SETS.find((candidate) => candidate.label === name);
    if (!set)
      throw new Error(`No training set "${name}" (known: ${TRAINING_SETS.map((s) => s.label).join(', ')})`);
    for (const file of [set.queries, set.qrels])
      if (!fs.existsSync(path.resolve(root, file)))
        throw new Error(`Training set "${name}": ${file} is missing`);
    return set;
  });
}

/** The `--train` option of a command line, as a list of set names. */
export function trainOption(argv: readonly string[]): string[] {
  const at = argv.indexOf('--train');
  if (at < 0) return DEFAULT_TRAINING;
  const value = argv[at + 1];
  if (!value || value.startsWith('--')) throw new Error('--train needs a list of sets, e.g. dev,tune,train');
  if (value === 'all') return [...ALL_TRAINING];
  return value.split(',').filter(Boolean);
}
