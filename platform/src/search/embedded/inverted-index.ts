import { indexWords } from '../analysis/index-words';
import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import { tokenize } from '../analysis/tokenize';
import type { SearchDocument } from '../port';
import { FIELD_LENGTH_NORM, FIELD_WEIGHTS, INDEXED_FIELDS, K1 } from './fields';
import { Postings } from './postings';
import { WordVocabulary } from './vocabulary';

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
  /** Stems of each field in order, computed the first time a ranking needs word order. */
  stemSequences?: string[][];
}

export interface RoleEntry {
  id: number;
  role: string;
  stems: string[];
  documents: number;
}

/**
 * A synonym, completion or correction that happens to be an agent's name says little about the
 * agent ("copilot" as a synonym of coding assistant should not pull in every product called
 * Copilot), so only the literal query words get the name field's full weight.
 */
export const DERIVED_NAME_SHARE = 0.2;

const saturate = (weight: number) => (weight <= 0 ? 0 : (weight * (K1 + 1)) / (weight + K1));
// Plain arrays of the field settings: imported objects are read through getters in hot loops.
const FIELD_WEIGHT = INDEXED_FIELDS.map((field) => FIELD_WEIGHTS[field]);
const FIELD_NORM = INDEXED_FIELDS.map((field) => FIELD_LENGTH_NORM[field]);
const DERIVED_NAME_LOSS = 1 - DERIVED_NAME_SHARE;

/** Buffers reused by every insert, so indexing a document allocates almost nothing. */
const slotOf = new Map<string, number>();
const slotStems: string[] = [];
let slotWeight = new Float64Array(256);
let slotNameWeight = new Float64Array(256);
const seenWords = new Set<string>();
// Words that name every agent here, so they cannot tell one role from another.
const GENERIC_ROLE_WORDS = new Set(['ai', 'agent', 'agents']);
const NAME = 0;
const ROLE = 1;

export class InvertedIndex {
  private readonly postings = new Map<string, Postings>();
  private readonly documents: Array<IndexedDocument | undefined> = [];
  private alive = new Uint8Array(1024);
  /** Each document's role id (see roleEntries), for cheap role boosts. */
  private roleOf = new Int32Array(1024);
  private readonly numberOf = new Map<string, number>();
  private readonly fieldLengthSums = new Float64Array(INDEXED_FIELDS.length);
  private readonly roles = new Map<string, RoleEntry>();
  private readonly interned = new Map<string, string>();
  private nextRoleId = 0;
  readonly vocabulary = new WordVocabulary((s) => this.documentFrequency(s));
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
    return this.postings.get(stemmed);
  }

  documentFrequency(stemmed: string): number {
    return this.postings.get(stemmed)?.length ?? this.pending?.get(stemmed)?.entries.length ?? 0;
  }

  /** Role ids are below this. */
  get roleIdLimit(): number {
    return this.nextRoleId;
  }

  /** Roles of live documents with the stems of their names. */
  roleEntries(): IterableIterator<RoleEntry> {
    return this.roles.values();
  }

  /**
   * While a bulk load runs, postings collect in plain arrays (cheap to grow) and become typed
   * arrays once at the end: far less garbage than growing thousands of small typed arrays.
   */
  private pending: Map<string, { entries: number[]; values: number[] }> | null = null;

  private beginBulk(): void {
    this.pending = new Map();
    for (const [stemmed, list] of this.postings) {
      this.pending.set(stemmed, {
        entries: Array.from(list.entries.subarray(0, list.length)),
        values: Array.from(list.values.subarray(0, 2 * list.length)),
      });
    }
  }

  private endBulk(): void {
    for (const [stemmed, { entries, values }] of this.pending!)
      this.postings.set(stemmed, Postings.from(entries, values));
    this.pending = null;
  }

  /** Adds many documents at once, measuring field lengths first so normalisation is exact. */
  load(documents: SearchDocument[]): void {
    const analysed = documents.map(analyse);
    for (const fields of analysed)
      this.addFieldLengths(
        fields.map((tokens) => tokens.length),
        1,
      );
    const pendingLive = this.live + documents.length;
    this.beginBulk();
    for (let i = 0; i < documents.length; i++) this.insert(documents[i]!, analysed[i]!, pendingLive);
    this.endBulk();
  }

  /** load() in slices, yielding between them so a server keeps answering while a big index builds. */
  async loadInSlices(documents: SearchDocument[], slice = 2000): Promise<void> {
    const analysed: string[][][] = [];
    for (let start = 0; start < documents.length; start += slice) {
      for (const document of documents.slice(start, start + slice)) analysed.push(analyse(document));
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const fields of analysed)
      this.addFieldLengths(
        fields.map((tokens) => tokens.length),
        1,
      );
    const pendingLive = this.live + documents.length;
    this.beginBulk();
    for (let start = 0; start < documents.length; start += slice) {
      for (let i = start; i < Math.min(documents.length, start + slice); i++)
        this.insert(documents[i]!, analysed[i]!, pendingLive);
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.endBulk();
  }

  upsert(document: SearchDocument): void {
    this.remove(document.id);
    const fields = analyse(document);
    this.addFieldLengths(
      fields.map((tokens) => tokens.length),
      1,
    );
    this.insert(document, fields, this.live + 1);
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
    const alive = new Uint8Array(this.alive.length * 2);
    alive.set(this.alive);
    const roleOf = new Int32Array(this.roleOf.length * 2);
    roleOf.set(this.roleOf);
    this.alive = alive;
    this.roleOf = roleOf;
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

  private insert(document: SearchDocument, fields: string[][], liveForNorm: number): void {
    const number = this.documents.length;
    this.grow(number);
    const keys = {
      category: this.intern(document.category),
      role: this.intern(document.role),
      provider: this.intern(document.provider),
      pricing: this.intern(document.pricing),
    };
    this.documents.push({
      document,
      keys,
      lengths: fields.map((tokens) => tokens.length),
      ...nameWordsOf(document.name),
    });
    this.alive[number] = 1;
    this.roleOf[number] = this.roleEntry(document, keys.role, fields[ROLE]!).id;
    this.numberOf.set(document.id, number);
    this.live += 1;
    this.version += 1;

    // Per stem: weighted, length-normalised frequency summed over fields (BM25F).
    slotOf.clear();
    slotStems.length = 0;
    seenWords.clear();
    for (let f = 0; f < fields.length; f++) {
      const tokens = fields[f]!;
      const average = Math.max(1, this.fieldLengthSums[f]! / Math.max(1, liveForNorm));
      const norm = 1 - FIELD_NORM[f]! + FIELD_NORM[f]! * (tokens.length / average);
      const unit = FIELD_WEIGHT[f]! / norm;
      for (const word of tokens) {
        // Names keep their stop words: a product may be called "Once" or "Any".
        if (f !== NAME && STOPWORDS.has(word)) continue;
        const stemmed = stem(word);
        let slot = slotOf.get(stemmed);
        if (slot === undefined) {
          slot = slotStems.length;
          if (slot === slotWeight.length) {
            const weight = new Float64Array(slot * 2);
            weight.set(slotWeight);
            slotWeight = weight;
            const nameWeight = new Float64Array(slot * 2);
            nameWeight.set(slotNameWeight);
            slotNameWeight = nameWeight;
          }
          slotOf.set(stemmed, slot);
          slotStems.push(stemmed);
          slotWeight[slot] = 0;
          slotNameWeight[slot] = 0;
        }
        slotWeight[slot]! += unit;
        if (f === NAME) slotNameWeight[slot]! += unit;
        if (!seenWords.has(word)) {
          seenWords.add(word);
          this.vocabulary.add(word, stemmed);
        }
      }
    }
    const pending = this.pending;
    for (let slot = 0; slot < slotStems.length; slot++) {
      const stemmed = slotStems[slot]!;
      const weight = slotWeight[slot]!;
      const nameWeight = slotNameWeight[slot]!;
      if (pending) {
        let list = pending.get(stemmed);
        if (!list) {
          list = { entries: [], values: [] };
          pending.set(stemmed, list);
        }
        list.entries.push(nameWeight > 0 ? ~number : number);
        list.values.push(saturate(weight), saturate(weight - nameWeight * DERIVED_NAME_LOSS));
        continue;
      }
      let list = this.postings.get(stemmed);
      if (!list) {
        list = new Postings();
        this.postings.set(stemmed, list);
      }
      list.push(number, saturate(weight), saturate(weight - nameWeight * DERIVED_NAME_LOSS), nameWeight > 0);
    }
  }
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
