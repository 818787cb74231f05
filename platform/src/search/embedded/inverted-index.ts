import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import { tokenize, words } from '../analysis/tokenize';
import type { SearchDocument } from '../port';
import { FIELD_BIT, FIELD_LENGTH_NORM, FIELD_WEIGHTS, INDEXED_FIELDS, type IndexedField } from './fields';
import { Postings } from './postings';
import { WordVocabulary } from './vocabulary';

// The in-memory index of the embedded engine. Documents get ever-increasing numbers; replacing or
// deleting a document only marks its old number dead (queries skip dead numbers), so writes are
// cheap and postings stay sorted. compact() renumbers when too much is dead.

export interface IndexedDocument {
  document: SearchDocument;
  /** Lower-cased facet values for exact, case-insensitive filtering. */
  keys: { category: string; role: string; provider: string; pricing: string };
  /** Folded whole words of the name (no camel-case parts), without stop words. */
  nameWords: string[];
  /** Every folded name word including camel-case parts. */
  nameParts: Set<string>;
  /** nameWords joined by spaces. */
  nameKey: string;
  /** Stems of each field in order, computed the first time a ranking needs word order. */
  stemSequences?: string[][];
}

export interface RoleEntry {
  role: string;
  stems: string[];
  documents: number;
}

// Words that name every agent here, so they cannot tell one role from another.
const GENERIC_ROLE_WORDS = new Set(['ai', 'agent', 'agents']);

export class InvertedIndex {
  private readonly postings = new Map<string, Postings>();
  private readonly documents: Array<IndexedDocument | undefined> = [];
  private alive = new Uint8Array(1024);
  private readonly numberOf = new Map<string, number>();
  private readonly fieldLengthSums = new Float64Array(INDEXED_FIELDS.length);
  private readonly roles = new Map<string, RoleEntry>();
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

  get deadRatio(): number {
    return this.documents.length === 0 ? 0 : 1 - this.live / this.documents.length;
  }

  isAlive(number: number): boolean {
    return this.alive[number] === 1;
  }

  entry(number: number): IndexedDocument | undefined {
    return this.alive[number] === 1 ? this.documents[number] : undefined;
  }

  entryById(id: string): IndexedDocument | undefined {
    const number = this.numberOf.get(id);
    return number === undefined ? undefined : this.entry(number);
  }

  get(id: string): SearchDocument | undefined {
    const number = this.numberOf.get(id);
    return number === undefined ? undefined : this.documents[number]?.document;
  }

  ids(): IterableIterator<string> {
    return this.numberOf.keys();
  }

  postingsOf(stemmed: string): Postings | undefined {
    return this.postings.get(stemmed);
  }

  documentFrequency(stemmed: string): number {
    return this.postings.get(stemmed)?.length ?? 0;
  }

  /** Roles of live documents with the stems of their names. */
  roleEntries(): IterableIterator<RoleEntry> {
    return this.roles.values();
  }

  averageFieldLength(field: number): number {
    return this.live === 0 ? 1 : Math.max(1, this.fieldLengthSums[field]! / this.live);
  }

  /** Adds many documents at once, measuring field lengths first so normalisation is exact. */
  load(documents: SearchDocument[]): void {
    const analysed = documents.map(analyse);
    for (const fields of analysed) this.addFieldLengths(fields, 1);
    const pendingLive = this.live + documents.length;
    for (let i = 0; i < documents.length; i++) this.insert(documents[i]!, analysed[i]!, pendingLive);
  }

  /** load() in slices, yielding between them so a server keeps answering while a big index builds. */
  async loadInSlices(documents: SearchDocument[], slice = 2000): Promise<void> {
    const analysed: string[][][] = [];
    for (let start = 0; start < documents.length; start += slice) {
      for (const document of documents.slice(start, start + slice)) analysed.push(analyse(document));
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const fields of analysed) this.addFieldLengths(fields, 1);
    const pendingLive = this.live + documents.length;
    for (let start = 0; start < documents.length; start += slice) {
      for (let i = start; i < Math.min(documents.length, start + slice); i++)
        this.insert(documents[i]!, analysed[i]!, pendingLive);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  upsert(document: SearchDocument): void {
    this.remove(document.id);
    const fields = analyse(document);
    this.addFieldLengths(fields, 1);
    this.insert(document, fields, this.live + 1);
  }

  remove(id: string): boolean {
    const number = this.numberOf.get(id);
    if (number === undefined) return false;
    const entry = this.documents[number]!;
    this.addFieldLengths(analyse(entry.document), -1);
    const role = this.roles.get(entry.keys.role);
    if (role && --role.documents === 0) this.roles.delete(entry.keys.role);
    this.alive[number] = 0;
    this.documents[number] = undefined;
    this.numberOf.delete(id);
    this.live -= 1;
    this.version += 1;
    return true;
  }

  private addFieldLengths(fields: string[][], sign: 1 | -1): void {
    for (let f = 0; f < fields.length; f++) this.fieldLengthSums[f]! += sign * fields[f]!.length;
  }

  private insert(document: SearchDocument, fields: string[][], liveForNorm: number): void {
    const number = this.documents.length;
    if (number >= this.alive.length) {
      const grown = new Uint8Array(this.alive.length * 2);
      grown.set(this.alive);
      this.alive = grown;
    }
    const keys = {
      category: document.category.toLowerCase(),
      role: document.role.toLowerCase(),
      provider: document.provider.toLowerCase(),
      pricing: document.pricing.toLowerCase(),
    };
    this.documents.push({ document, keys, ...nameWordsOf(document.name) });
    this.alive[number] = 1;
    this.numberOf.set(document.id, number);
    this.live += 1;
    this.version += 1;

    // Per stem: weighted, length-normalised frequency summed over fields (BM25F), and the field mask.
    const weights = new Map<string, { weight: number; nameWeight: number; mask: number }>();
    fields.forEach((tokens, f) => {
      const field = INDEXED_FIELDS[f] as IndexedField;
      const average = this.live === 0 ? 1 : Math.max(1, this.fieldLengthSums[f]! / Math.max(1, liveForNorm));
      const norm = 1 - FIELD_LENGTH_NORM[field] + FIELD_LENGTH_NORM[field] * (tokens.length / average);
      const unit = FIELD_WEIGHTS[field] / norm;
      const seenInDocument = new Set<string>();
      for (const word of tokens) {
        // Names keep their stop words: a product may be called "Once" or "Any".
        if (field !== 'name' && STOPWORDS.has(word)) continue;
        const stemmed = stem(word);
        const current = weights.get(stemmed) ?? { weight: 0, nameWeight: 0, mask: 0 };
        current.weight += unit;
        if (field === 'name') current.nameWeight += unit;
        current.mask |= FIELD_BIT[field];
        weights.set(stemmed, current);
        if (!seenInDocument.has(word)) {
          seenInDocument.add(word);
          this.vocabulary.add(word, stemmed);
        }
      }
    });
    for (const [stemmed, { weight, nameWeight, mask }] of weights) {
      let list = this.postings.get(stemmed);
      if (!list) {
        list = new Postings();
        this.postings.set(stemmed, list);
      }
      list.push(number, weight, nameWeight, mask);
    }

    const role = this.roles.get(keys.role);
    if (role) role.documents += 1;
    else {
      const stems = fields[1]!.filter((w) => !STOPWORDS.has(w) && !GENERIC_ROLE_WORDS.has(w)).map(stem);
      this.roles.set(keys.role, { role: document.role, stems: [...new Set(stems)], documents: 1 });
    }
  }
}

function nameWordsOf(name: string): Pick<IndexedDocument, 'nameWords' | 'nameParts' | 'nameKey'> {
  const tokens = tokenize(name);
  const whole = tokens.filter((token, i) => i === 0 || token.position !== tokens[i - 1]!.position);
  const all = whole.map((token) => token.word);
  const distinctive = all.filter((word) => !STOPWORDS.has(word));
  const nameWords = distinctive.length > 0 ? distinctive : all;
  return { nameWords, nameParts: new Set(tokens.map((token) => token.word)), nameKey: nameWords.join(' ') };
}

/** The folded words of each indexed field, in INDEXED_FIELDS order. */
export function analyse(document: SearchDocument): string[][] {
  return INDEXED_FIELDS.map((field) => words(String(document[field] ?? '')));
}
