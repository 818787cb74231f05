import { stem } from '../analysis/stem';
import type { ExpansionModel } from './document-expansion';
import {
  addExpansion,
  DERIVED_NAME_LOSS,
  FIELD_NORM,
  FIELD_WEIGHT,
  SLOTS,
  saturate,
} from './document-weights';
import type { StemTable } from './stem-table';
import type { WordVocabulary } from './vocabulary';
import type { WordSequences } from './word-sequences';

// One document's postings as the inverted index adds it (inverted-index.ts insertWith): per stem,
// BM25F, a weighted, length-normalised frequency over the fields (word id → stem id → its slot in
// SLOTS), the document's word sequence beside it, and the stems the catalog says go with its words
// (docExpansion) at a low weight.

const NAME = 0;

/** The parts of the index a document's postings are written into. */
export interface PostingTables {
  vocabulary: WordVocabulary;
  stems: StemTable;
  sequences: WordSequences;
  expansion: ExpansionModel | null;
}

/** Adds document `number`'s postings (its analysed `fields`, the fields' average `averages`). */
export function addPostings(
  index: PostingTables,
  number: number,
  fields: string[][],
  averages: Float64Array,
): void {
  const { vocabulary, stems, sequences, expansion } = index;
  let { stems: slotStems, weight: slotWeight, nameWeight: slotNameWeight } = SLOTS;
  let slots = 0;
  sequences.start[number] = sequences.used;
  for (let f = 0; f < fields.length; f++) {
    if (f > 0) sequences.append(-1);
    const tokens = fields[f]!;
    const average = averages[f]!;
    const norm = 1 - FIELD_NORM[f]! + FIELD_NORM[f]! * (tokens.length / average);
    const unit = FIELD_WEIGHT[f]! / norm;
    for (let t = 0; t < tokens.length; t++) {
      const word = tokens[t]!;
      let w = vocabulary.idOf(word);
      if (w < 0) w = vocabulary.register(word, stems.add(stem(word)));
      const s = vocabulary.stemOf[w]!;
      const stop = vocabulary.stop[w] === 1;
      if (!stop) sequences.append(s);
      // Names keep their stop words: a product may be called "Once" or "Any".
      if (stop && f !== NAME) continue;
      if (vocabulary.lastDoc[w] !== number) {
        vocabulary.lastDoc[w] = number;
        vocabulary.count[w]! += 1;
      }
      if (stems.lastDoc[s] !== number) {
        stems.lastDoc[s] = number;
        stems.slot[s] = slots;
        if (slots === slotStems.length)
          ({ stems: slotStems, weight: slotWeight, nameWeight: slotNameWeight } = SLOTS.grow());
        slotStems[slots] = s;
        slotWeight[slots] = 0;
        slotNameWeight[slots] = 0;
        slots += 1;
      }
      const slot = stems.slot[s]!;
      slotWeight[slot]! += unit;
      if (f === NAME) slotNameWeight[slot]! += unit;
    }
  }
  sequences.end[number] = sequences.used;
  // Words the catalog says go with this document's (docExpansion): postings only, at a low weight.
  if (expansion) {
    slots = addExpansion(expansion, fields, stems, number, slots);
    ({ stems: slotStems, weight: slotWeight, nameWeight: slotNameWeight } = SLOTS);
  }
  for (let slot = 0; slot < slots; slot++) {
    const weight = slotWeight[slot]!;
    const nameWeight = slotNameWeight[slot]!;
    stems.push(
      slotStems[slot]!,
      number,
      saturate(weight),
      saturate(weight - nameWeight * DERIVED_NAME_LOSS),
      nameWeight > 0,
    );
  }
}
