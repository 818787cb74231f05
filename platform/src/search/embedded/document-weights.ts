import { indexWords } from '../analysis/index-words';
import type { SearchDocument } from '../port';
import { FEATURES } from '../query/features';
import { EXPANSION, type ExpansionModel } from './document-expansion';
import { fieldSettings, INDEXED_FIELDS, K1 } from './fields';
import type { StemTable } from './stem-table';

// What indexing a document weighs (inverted-index.ts's insert): each field's words, the field
// settings of BM25F read into plain arrays, the averages a bulk load normalises against, and the
// per-stem buffers an insert fills, reused so that indexing a document allocates almost nothing.

/**
 * A synonym, completion or correction that happens to be an agent's name says little about the
 * agent ("pilot" as a synonym of autopilot should not pull in every product called
 * Pilot), so only the literal query words get the name field's full weight.
 */
export const DERIVED_NAME_SHARE = 0.2;
export const DERIVED_NAME_LOSS = 1 - DERIVED_NAME_SHARE;
export const FIELDS = INDEXED_FIELDS.length;
/** Documents whose field lengths set the BM25F averages of a bulk load. */
export const LENGTH_SAMPLE = 5000;

export const saturate = (weight: number) => (weight <= 0 ? 0 : (weight * (K1 + 1)) / (weight + K1));

// Plain arrays of the field settings, read once per document: imported objects are read through
// getters in hot loops, and the settings may change between loads (the field tuner, evaluation).
export const FIELD_WEIGHT = new Float64Array(FIELDS);
export const FIELD_NORM = new Float64Array(FIELDS);
export function readFieldSettings(): void {
  const { weights, norms } = fieldSettings(FEATURES.fittedFields);
  INDEXED_FIELDS.forEach((field, f) => {
    FIELD_WEIGHT[f] = weights[field];
    FIELD_NORM[f] = norms[field];
  });
}

/** Per stem of the document being indexed: its id, its weight, and its weight in the name. */
export const SLOTS = {
  stems: new Int32Array(256),
  weight: new Float64Array(256),
  nameWeight: new Float64Array(256),
  /** Twice the room, the slots kept; returns SLOTS. */
  grow() {
    const size = SLOTS.weight.length * 2;
    const stems = new Int32Array(size);
    stems.set(SLOTS.stems);
    const weight = new Float64Array(size);
    weight.set(SLOTS.weight);
    const nameWeight = new Float64Array(size);
    nameWeight.set(SLOTS.nameWeight);
    Object.assign(SLOTS, { stems, weight, nameWeight });
    return SLOTS;
  },
};

const DESCRIPTION = INDEXED_FIELDS.indexOf('description');

/**
 * Fills SLOTS from `slots` on with the stems the catalog says go with the document's words
 * (docExpansion) and that it does not hold itself, at a low weight; the slots then used.
 */
export function addExpansion(
  expansion: ExpansionModel,
  fields: string[][],
  stems: StemTable,
  number: number,
  slots: number,
): number {
  const unit = EXPANSION.weight * FIELD_WEIGHT[DESCRIPTION]!;
  for (const { stem: stemmed, strength } of expansion.expand(fields)) {
    const s = stems.add(stemmed);
    if (stems.lastDoc[s] === number) continue;
    stems.lastDoc[s] = number;
    if (slots === SLOTS.stems.length) SLOTS.grow();
    SLOTS.stems[slots] = s;
    SLOTS.weight[slots] = unit * strength;
    SLOTS.nameWeight[slots] = 0;
    slots += 1;
  }
  return slots;
}

/**
 * Average field lengths for BM25F over the `live` documents indexed (`sums`) and `sample`: a bulk
 * load normalises every document against the same averages instead of against the few documents
 * that came before it.
 */
export function averageLengths(sums: Float64Array, live: number, sample: string[][][]): Float64Array {
  const averages = new Float64Array(FIELDS).fill(1);
  if (sample.length === 0 && live === 0) return averages;
  for (let f = 0; f < averages.length; f++) {
    let sum = sums[f]!;
    for (const fields of sample) sum += fields[f]!.length;
    averages[f] = Math.max(1, sum / (live + sample.length));
  }
  return averages;
}

/** The folded words of each indexed field, in INDEXED_FIELDS order. */
export function analyse(document: SearchDocument): string[][] {
  return INDEXED_FIELDS.map((field) => indexWords(String(document[field] ?? '')));
}
