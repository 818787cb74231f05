import { indexWords } from '../analysis/index-words';
import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import { tokenize } from '../analysis/tokenize';
import type { SearchDocument } from '../port';
import { DocumentColumns } from './columns';
import { FIELD_LENGTH_NORM, FIELD_WEIGHTS, INDEXED_FIELDS, K1 } from './fields';
import { Postings } from './postings';
import { SortedOrders } from './sorted-orders';
import { type StemEntry, type WordEntry, WordVocabulary } from './vocabulary';

// The in-memory index of the embedded engine. Documents get ever-increasing numbers; replacing or
// deleting a document only marks its old number dead (queries skip dead numbers), so writes are
// cheap and postings stay sorted.

export interface IndexedDocument {
  document: SearchDocument;
  /** Lower-cased facet values for exact, case-insensitive filtering (interned strings). */
  keys: { category: string; role: string; provider: string; pricing: string };
  /** Folded whole words of the name (no camel-case parts), without stop words unless that leaves none. */
  nameWords: string[];
  /** Every folded name word including camel-case parts. */
  nameParts: string[];
  /** nameWords joined by spaces. */
  nameKey: string;
  /** Word count per indexed field (to undo its share of the average lengths on removal). */
  lengths: number[];
}

export interface RoleEntry {
  id: number;
  role: string;
  stems: string[];
  documents: number;
}

/**
 * A synonym, completion or correction that happens to be an agent's name says little about the
 * agent ("pilot" as a synonym of autopilot should not pull in every product called
 * Pilot), so only the literal query words get the name field's full weight.
 */
export const DERIVED_NAME_SHARE = 0.2;

const saturate = (weight: number) => (weight <= 0 ? 0 : (weight * (K1 + 1)) / (weight + K1));
// Plain arrays of the field settings: imported objects are read through getters in hot loops.
const FIELD_WEIGHT = INDEXED_FIELDS.map((field) => FIELD_WEIGHTS[field]);
const FIELD_NORM = INDEXED_FIELDS.map((field) => FIELD_LENGTH_NORM[field]);
const DERIVED_NAME_LOSS = 1 - DERIVED_NAME_SHARE;

/** Buffers reused by every insert, so indexing a document allocates almost nothing. */
const slotStems: StemEntry[] = new Array(256);
let slotWeight = new Float64Array(256);
let slotNameWeight = new Float64Array(256);
function growSlots(): void {
  const size = slotWeight.length * 2;
  const weight = new Float64Array(size);
  weight.set(slotWeight);
  slotWeight = weight;
  const nameWeight = new Float64Array(size);
  nameWeight.set(slotNameWeight);
  slotNameWeight = nameWeight;
  slotStems.length = size;
}
/** Documents whose field lengths set the BM25F averages of a bulk load. */
const LENGTH_SAMPLE = 5000;
// Words that name every agent here, so they cannot tell one role from another.
const GENERIC_ROLE_WORDS = new Set(['ai', 'agent', 'agents']);
const NAME = 0;
const ROLE = 1;

export class InvertedIndex {
  /** Every stem with its postings. */
  private readonly stems = new Map<string, StemEntry>();
  private readonly documents: Array<IndexedDocument | undefined> = [];
  private alive = new Uint8Array(1024);
  /** Each document's role id (see roleEntries), for cheap role boosts. */
  private roleOf = new Int32Array(1024);
  private nameWordBits = new Int32Array(1024);
  private namePartBits = new Int32Array(1024);
  private readonly numberOf = new Map<string, number>();
  private readonly fieldLengthSums = new Float64Array(INDEXED_FIELDS.length);
  private readonly roles = new Map<string, RoleEntry>();
  private readonly interned = new Map<string, string>();
  private nextRoleId = 0;
  private nextStemId = 0;
  /**
   * Every document's stems in text order as stem ids, fields separated by -1 and stop words left
   * out, in one pool: the word-order check reads them instead of re-tokenising text. Numbers are
   * never reused, so a document's slice stays valid; a rebuild drops the slices of removed ones.
   */
  private sequencePool = new Int32Array(1 << 16);
  private sequenceUsed = 0;
  private sequenceStart = new Int32Array(1024);
  private sequenceEnd = new Int32Array(1024);
  readonly vocabulary = new WordVocabulary((s) => this.documentFrequency(s));
  /** What sorts and facet counts read, by document number. */
  readonly columns = new DocumentColumns();
  /** Every document number in each sort order, for searches without words. */
  readonly orders = new SortedOrders(this);
  /** Changes on every write; caches key on it. */
  version = 0;
  private live = 0;

  get size(): number {
    return this.live;
  }

  /** Upper bound of document numbers (scratch arrays are sized to it). */
  get capacity(): number {
    return this.documents.length;
  }

  /** 1 for a live document number, 0 otherwise; read directly in hot loops. */
  get aliveFlags(): Uint8Array {
    return this.alive;
  }

  get roleIds(): Int32Array {
    return this.roleOf;
  }

  /** Per document, the signatures (see wordSignature) of its name words and of its name parts. */
  get nameSignatures(): { words: Int32Array; parts: Int32Array } {
    return { words: this.nameWordBits, parts: this.namePartBits };
  }

  entry(number: number): IndexedDocument | undefined {
    return this.alive[number] === 1 ? this.documents[number] : undefined;
  }

  entryById(id: string): IndexedDocument | undefined {
    const number = this.numberOf.get(id);
    return number === undefined ? undefined : this.entry(number);
  }

  get(id: string): SearchDocument | undefined {
    return this.entryById(id)?.document;
  }

  postingsOf(stemmed: string): Postings | undefined {
    return this.stems.get(stemmed)?.postings;
  }

  /** The stem's id in word sequences, -1 when no document has it. */
  stemId(stemmed: string): number {
    return this.stems.get(stemmed)?.id ?? -1;
  }

  /** The document's stem ids in text order, fields separated by -1 (a view, not a copy). */
  sequenceOf(number: number): Int32Array {
    return this.sequencePool.subarray(this.sequenceStart[number]!, this.sequenceEnd[number]!);
  }

  documentFrequency(stemmed: string): number {
    return this.stems.get(stemmed)?.postings.length ?? 0;
  }

  /** Role ids are below this. */
  get roleIdLimit(): number {
    return this.nextRoleId;
  }

  /** Roles of live documents with the stems of their names. */
  roleEntries(): IterableIterator<RoleEntry> {
    return this.roles.values();
  }

  /** Adds many documents at once (tests, small catalogs). */
  load(documents: SearchDocument[]): void {
    const averages = this.sampleAverages(documents.map(analyse));
    for (const document of documents) this.insertWith(document, analyse(document), averages);
    this.vocabulary.prepare();
  }

  /**
   * Streams documents in, yielding to the event loop now and then so a serving process keeps
   * answering. Nothing but the index itself is kept: each document is analysed, inserted and its
   * words dropped, which keeps the memory peak of a 100k-agent load near its final size.
   */
  async loadStream(documents: Iterable<SearchDocument>, yieldEvery = 500): Promise<void> {
    const iterator = documents[Symbol.iterator]();
    const sample: Array<{ document: SearchDocument; fields: string[][] }> = [];
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      sample.push({ document: next.value, fields: analyse(next.value) });
      if (sample.length === LENGTH_SAMPLE) break;
    }
    const averages = this.sampleAverages(sample.map((entry) => entry.fields));
    let count = 0;
    const pause = async () => {
      if (++count % yieldEvery === 0) await new Promise((resolve) => setImmediate(resolve));
    };
    for (const { document, fields } of sample.splice(0)) {
      this.insertWith(document, fields, averages);
      await pause();
    }
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      this.insertWith(next.value, analyse(next.value), averages);
      await pause();
    }
    this.vocabulary.prepare();
  }

  /**
   * Average field lengths for BM25F, from a leading sample: a bulk load normalises every document
   * against the same averages instead of against the few documents that came before it.
   */
  private sampleAverages(sample: string[][][]): Float64Array {
    const averages = new Float64Array(INDEXED_FIELDS.length).fill(1);
    if (sample.length === 0 && this.live === 0) return averages;
    for (let f = 0; f < averages.length; f++) {
      let sum = this.fieldLengthSums[f]!;
      for (const fields of sample) sum += fields[f]!.length;
      averages[f] = Math.max(1, sum / (this.live + sample.length));
    }
    return averages;
  }

  upsert(document: SearchDocument): void {
    this.remove(document.id);
    const fields = analyse(document);
    const averages = new Float64Array(INDEXED_FIELDS.length);
    for (let f = 0; f < averages.length; f++) {
      averages[f] = Math.max(1, (this.fieldLengthSums[f]! + fields[f]!.length) / (this.live + 1));
    }
    this.insertWith(document, fields, averages);
  }

  remove(id: string): boolean {
    const number = this.numberOf.get(id);
    if (number === undefined) return false;
    const entry = this.documents[number]!;
    this.addFieldLengths(entry.lengths, -1);
    const role = this.roles.get(entry.keys.role);
    if (role && --role.documents === 0) this.roles.delete(entry.keys.role);
    this.alive[number] = 0;
    this.documents[number] = undefined;
    this.numberOf.delete(id);
    this.live -= 1;
    this.version += 1;
    return true;
  }

  private addFieldLengths(lengths: number[], sign: 1 | -1): void {
    for (let f = 0; f < lengths.length; f++) this.fieldLengthSums[f]! += sign * lengths[f]!;
  }

  private intern(value: string): string {
    const lower = value.toLowerCase();
    const existing = this.interned.get(lower);
    if (existing !== undefined) return existing;
    this.interned.set(lower, lower);
    return lower;
  }

  private grow(number: number): void {
    if (number < this.alive.length) return;
    this.alive = doubled(this.alive);
    this.roleOf = doubled(this.roleOf);
    this.nameWordBits = doubled(this.nameWordBits);
    this.namePartBits = doubled(this.namePartBits);
    this.sequenceStart = doubled(this.sequenceStart);
    this.sequenceEnd = doubled(this.sequenceEnd);
  }

  private appendSequence(id: number): void {
    if (this.sequenceUsed === this.sequencePool.length) {
      const pool = new Int32Array(this.sequencePool.length * 2);
      pool.set(this.sequencePool);
      this.sequencePool = pool;
    }
    this.sequencePool[this.sequenceUsed++] = id;
  }

  private roleEntry(document: SearchDocument, key: string, roleWords: string[]): RoleEntry {
    let role = this.roles.get(key);
    if (!role) {
      const stems = roleWords.filter((w) => !STOPWORDS.has(w) && !GENERIC_ROLE_WORDS.has(w)).map(stem);
      role = { id: this.nextRoleId++, role: document.role, stems: [...new Set(stems)], documents: 0 };
      this.roles.set(key, role);
    }
    role.documents += 1;
    return role;
  }

  private insertWith(document: SearchDocument, fields: string[][], averages: Float64Array): void {
    this.addFieldLengths(
      fields.map((tokens) => tokens.length),
      1,
    );
    const number = this.documents.length;
    this.grow(number);
    const keys = {
      category: this.intern(document.category),
      role: this.intern(document.role),
      provider: this.intern(document.provider),
      pricing: this.intern(document.pricing),
    };
    const name = nameWordsOf(document.name);
    this.documents.push({ document, keys, lengths: fields.map((tokens) => tokens.length), ...name });
    this.columns.add(number, document);
    this.nameWordBits[number] = wordSignature(name.nameWords);
    this.namePartBits[number] = wordSignature(name.nameParts);
    this.alive[number] = 1;
    this.roleOf[number] = this.roleEntry(document, keys.role, fields[ROLE]!).id;
    this.numberOf.set(document.id, number);
    this.live += 1;
    this.version += 1;

    // Per stem: weighted, length-normalised frequency summed over fields (BM25F). One map lookup
    // per token; the word's entry leads to its stem's entry, which holds this document's slot.
    let slots = 0;
    this.sequenceStart[number] = this.sequenceUsed;
    for (let f = 0; f < fields.length; f++) {
      if (f > 0) this.appendSequence(-1);
      const tokens = fields[f]!;
      const average = averages[f]!;
      const norm = 1 - FIELD_NORM[f]! + FIELD_NORM[f]! * (tokens.length / average);
      const unit = FIELD_WEIGHT[f]! / norm;
      for (let t = 0; t < tokens.length; t++) {
        const word = tokens[t]!;
        const entry = this.vocabulary.entries.get(word) ?? this.newWord(word);
        if (!entry.stop) this.appendSequence(entry.stemEntry.id);
        // Names keep their stop words: a product may be called "Once" or "Any".
        if (entry.stop && f !== NAME) continue;
        if (entry.lastDoc !== number) {
          entry.lastDoc = number;
          entry.count += 1;
        }
        const stemEntry = entry.stemEntry;
        if (stemEntry.lastDoc !== number) {
          stemEntry.lastDoc = number;
          stemEntry.slot = slots;
          if (slots === slotStems.length) growSlots();
          slotStems[slots] = stemEntry;
          slotWeight[slots] = 0;
          slotNameWeight[slots] = 0;
          slots += 1;
        }
        slotWeight[stemEntry.slot]! += unit;
        if (f === NAME) slotNameWeight[stemEntry.slot]! += unit;
      }
    }
    this.sequenceEnd[number] = this.sequenceUsed;
    for (let slot = 0; slot < slots; slot++) {
      const weight = slotWeight[slot]!;
      const nameWeight = slotNameWeight[slot]!;
      slotStems[slot]!.postings.push(
        number,
        saturate(weight),
        saturate(weight - nameWeight * DERIVED_NAME_LOSS),
        nameWeight > 0,
      );
    }
  }

  private newWord(word: string): WordEntry {
    const stemmed = stem(word);
    let stemEntry = this.stems.get(stemmed);
    if (!stemEntry) {
      stemEntry = { stem: stemmed, id: this.nextStemId++, postings: new Postings(), lastDoc: -1, slot: 0 };
      this.stems.set(stemmed, stemEntry);
    }
    const entry: WordEntry = { word, stemEntry, stop: STOPWORDS.has(word), count: 0, lastDoc: -1 };
    this.vocabulary.register(entry);
    return entry;
  }
}

/** A copy of a per-document array with room for twice as many documents. */
function doubled<T extends Uint8Array | Int32Array>(array: T): T {
  const copy = new (array.constructor as new (length: number) => T)(array.length * 2);
  copy.set(array);
  return copy;
}

/**
 * A 32-bit set of hashed words: when every word of A is in B, A's bits are all in B's. The ranker
 * uses it to skip the name comparisons of documents whose name cannot be the query's.
 */
export function wordSignature(words: readonly string[]): number {
  let bits = 0;
  for (const word of words) {
    let hash = 2166136261;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619);
    bits |= 1 << (hash >>> 27);
  }
  return bits;
}

function nameWordsOf(name: string): Pick<IndexedDocument, 'nameWords' | 'nameParts' | 'nameKey'> {
  const tokens = tokenize(name);
  const whole = tokens.filter((token, i) => i === 0 || token.position !== tokens[i - 1]!.position);
  const all = whole.map((token) => token.word);
  const distinctive = all.filter((word) => !STOPWORDS.has(word));
  const nameWords = distinctive.length > 0 ? distinctive : all;
  return {
    nameWords,
    nameParts: [...new Set(tokens.map((token) => token.word))],
    nameKey: nameWords.join(' '),
  };
}

/** The folded words of each indexed field, in INDEXED_FIELDS order. */
export function analyse(document: SearchDocument): string[][] {
  return INDEXED_FIELDS.map((field) => indexWords(String(document[field] ?? '')));
}
