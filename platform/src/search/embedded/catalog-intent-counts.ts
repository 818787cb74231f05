import type { InvertedIndex } from './inverted-index';
import type { TimeSlices } from './time-slices';
import { eachFieldStem, FIELD_INDEX } from './word-sequences';

// The counts behind catalogIntent (catalog-intent.ts), kept as documents come and go: the index
// calls add() for each document it inserts and remove() for each it marks dead, so an index change
// costs one pass over that document's words, never one over the catalog. A removed document's
// role, words and category are read back from what the index keeps of dead numbers (its role id,
// its word sequence) and from this file's own category column, and taken off exactly as they were
// added: the counts are always those a pass over the live documents would give (tests compare).
// Everything is in typed arrays: at 100,000 agents a few megabytes (BENCHMARKS.md).

/** Counts keyed by (stem id, class id): open addressing, linear probing. Keys never leave (a count may drop to 0). */
export class PairCounts {
  private stems: Int32Array = new Int32Array(1024).fill(-1);
  private classes: Int32Array = new Int32Array(1024);
  private counts: Int32Array = new Int32Array(1024);
  /** Keys held (with a count of 0 or more). */
  size = 0;

  private slot(stem: number, klass: number): number {
    const mask = this.stems.length - 1;
    // Both ids mixed into every bit (murmur3's finaliser): the table keeps only the low bits.
    let h = Math.imul(stem, 0x9e3779b1) ^ klass;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    let i = (h ^ (h >>> 16)) & mask;
    while (this.stems[i] !== -1 && (this.stems[i] !== stem || this.classes[i] !== klass)) i = (i + 1) & mask;
    return i;
  }

  get(stem: number, klass: number): number {
    const i = this.slot(stem, klass);
    return this.stems[i] === -1 ? 0 : this.counts[i]!;
  }

  add(stem: number, klass: number, delta: number): void {
    let i = this.slot(stem, klass);
    if (this.stems[i] === -1) {
      // At most three quarters full: short probes. Growing rehashes the keys (amortised: it doubles).
      if ((this.size + 1) * 4 > this.stems.length * 3) {
        this.grow();
        i = this.slot(stem, klass);
      }
      this.stems[i] = stem;
      this.classes[i] = klass;
      this.size += 1;
    }
    this.counts[i]! += delta;
  }

  /** Every key with a count above 0, as [stem, class, count] (tests). */
  *entries(): Generator<[number, number, number]> {
    for (let i = 0; i < this.stems.length; i++)
      if (this.stems[i] !== -1 && this.counts[i]! > 0)
        yield [this.stems[i]!, this.classes[i]!, this.counts[i]!];
  }

  get bytes(): number {
    return this.stems.byteLength + this.classes.byteLength + this.counts.byteLength;
  }

  image(name: string, arrays: Record<string, Int32Array | Float64Array>): void {
    Object.assign(arrays, {
      [`${name}.stems`]: this.stems,
      [`${name}.classes`]: this.classes,
      [`${name}.counts`]: this.counts,
      [`${name}.size`]: Float64Array.of(this.size),
    });
  }

  restore(name: string, arrays: Readonly<Record<string, Int32Array | Float64Array>>): void {
    this.stems = arrays[`${name}.stems`] as Int32Array;
    this.classes = arrays[`${name}.classes`] as Int32Array;
    this.counts = arrays[`${name}.counts`] as Int32Array;
    this.size = arrays[`${name}.size`]![0]!;
  }

  private grow(): void {
    const { stems, classes, counts } = this;
    this.stems = new Int32Array(stems.length * 2).fill(-1);
    this.classes = new Int32Array(stems.length * 2);
    this.counts = new Int32Array(stems.length * 2);
    for (let j = 0; j < stems.length; j++) {
      if (stems[j] === -1) continue;
      const i = this.slot(stems[j]!, classes[j]!);
      this.stems[i] = stems[j]!;
      this.classes[i] = classes[j]!;
      this.counts[i] = counts[j]!;
    }
  }
}

/** One classification: per class, its documents, the distinct stems summed over them, and per (stem, class) documents. */
export class ClassCounts {
  documents: Float64Array = new Float64Array(16);
  words: Float64Array = new Float64Array(16);
  readonly pairs = new PairCounts();
  /** Class ids are below this. */
  count = 0;

  change(klass: number, stems: Int32Array, distinct: number, sign: number): void {
    if (klass >= this.documents.length) {
      const size = Math.max(16, klass * 2);
      const documents = new Float64Array(size);
      documents.set(this.documents);
      this.documents = documents;
      const words = new Float64Array(size);
      words.set(this.words);
      this.words = words;
    }
    this.count = Math.max(this.count, klass + 1);
    this.documents[klass]! += sign;
    this.words[klass]! += sign * distinct;
    for (let i = 0; i < distinct; i++) this.pairs.add(stems[i]!, klass, sign);
  }

  get bytes(): number {
    return this.documents.byteLength + this.words.byteLength + this.pairs.bytes;
  }

  image(name: string, arrays: Record<string, Int32Array | Float64Array>): void {
    arrays[`${name}.documents`] = this.documents.subarray(0, this.count);
    arrays[`${name}.words`] = this.words.subarray(0, this.count);
    this.pairs.image(`${name}.pairs`, arrays);
  }

  restore(name: string, arrays: Readonly<Record<string, Int32Array | Float64Array>>): void {
    this.documents = arrays[`${name}.documents`] as Float64Array;
    this.words = arrays[`${name}.words`] as Float64Array;
    this.count = this.documents.length;
    this.pairs.restore(`${name}.pairs`, arrays);
  }
}

/** The counts as typed arrays and the category keys, for an index image (index-image.ts). */
export interface IntentImage {
  arrays: Record<string, Int32Array | Float64Array>;
  categoryKeys: string[];
}

export class IntentCounts {
  readonly roles = new ClassCounts();
  readonly categories = new ClassCounts();
  /** Distinct stems summed over the live documents. */
  totalWords = 0;
  documents = 0;
  /** Each document's category class (kept for dead numbers: removal reads it). */
  private categoryOf: Int32Array = new Int32Array(1024).fill(-1);
  /** Category classes by the stem ids of the category's words. */
  private categoryIds = new Map<string, number>();
  private categoryKeys: string[] = [];
  /** Scratch: one document's distinct stems. */
  private distinct: Int32Array = new Int32Array(256);

  /** Counts a document the index has just inserted (its role id and word sequence written). */
  add(index: InvertedIndex, n: number): void {
    const { count, key } = this.read(index, n);
    let category = this.categoryIds.get(key);
    if (category === undefined) {
      category = this.categoryKeys.length;
      this.categoryIds.set(key, category);
      this.categoryKeys.push(key);
    }
    if (n >= this.categoryOf.length) {
      const categoryOf = new Int32Array(Math.max(n + 1, this.categoryOf.length * 2)).fill(-1);
      categoryOf.set(this.categoryOf);
      this.categoryOf = categoryOf;
    }
    this.categoryOf[n] = category;
    this.change(index.roleIds[n]!, category, count, 1);
  }

  /** Takes off a document the index is marking dead, as add() counted it. */
  remove(index: InvertedIndex, n: number): void {
    const category = this.categoryOf[n] ?? -1;
    if (category < 0) return;
    const { count } = this.read(index, n);
    this.change(index.roleIds[n]!, category, count, -1);
    this.categoryOf[n] = -1;
  }

  /**
   * Live documents having the stem (the background for smoothing): each has one role, so the sum
   * over roles; no table by stem id to keep (a few dozen lookups per query word).
   */
  backgroundOf(stem: number): number {
    const { roles } = this;
    let total = 0;
    for (let c = 0; c < roles.count; c++) if (roles.documents[c]! > 0) total += roles.pairs.get(stem, c);
    return total;
  }

  /** The category class of a document (-1: not counted). */
  categoryOfDocument(n: number): number {
    return this.categoryOf[n] ?? -1;
  }

  /** The category's stem ids joined by spaces (tests compare classes by it). */
  categoryKey(category: number): string {
    return this.categoryKeys[category]!;
  }

  /** The counts as an image holds them (typed arrays: views of the snapshot's bytes), up to `count` documents. */
  image(count: number): IntentImage {
    const arrays: Record<string, Int32Array | Float64Array> = {
      categoryOf: this.categoryOf.subarray(0, count),
      totals: Float64Array.of(this.totalWords, this.documents),
    };
    this.roles.image('roles', arrays);
    this.categories.image('categories', arrays);
    return { arrays, categoryKeys: this.categoryKeys };
  }

  /**
   * The counts of an index read from its image: as the image holds them, or, from a snapshot
   * written before they were in it, counted from the live documents in slices.
   */
  static async restore(
    image: IntentImage | null,
    index: InvertedIndex,
    slices: TimeSlices,
  ): Promise<IntentCounts> {
    if (!image) return IntentCounts.of(index, slices);
    const counts = new IntentCounts();
    const { arrays, categoryKeys } = image;
    counts.categoryOf = arrays.categoryOf as Int32Array;
    const totals = arrays.totals as Float64Array;
    counts.totalWords = totals[0]!;
    counts.documents = totals[1]!;
    counts.roles.restore('roles', arrays);
    counts.categories.restore('categories', arrays);
    counts.categoryKeys = [...categoryKeys];
    for (const [category, key] of categoryKeys.entries()) counts.categoryIds.set(key, category);
    return counts;
  }

  /** The counts of every live document of an index, counted in slices. */
  static async of(index: InvertedIndex, slices: TimeSlices): Promise<IntentCounts> {
    const counts = new IntentCounts();
    for (let n = 0; n < index.capacity; n++) {
      if (index.isAlive(n)) counts.add(index, n);
      if ((n & 255) === 255) await slices.pause();
    }
    return counts;
  }

  /** The typed arrays' bytes (the category map and keys aside: one entry per category). */
  get bytes(): number {
    return this.roles.bytes + this.categories.bytes + this.categoryOf.byteLength + this.distinct.byteLength;
  }

  /** The document's distinct stems of role, category and description into `distinct`, and its category's key. */
  private read(index: InvertedIndex, n: number): { count: number; key: string } {
    let all = 0;
    const categoryStems: number[] = [];
    eachFieldStem(index.sequenceOf(n), FIELD_INDEX.role, FIELD_INDEX.description, (id, field) => {
      if (field === FIELD_INDEX.category) categoryStems.push(id);
      if (all === this.distinct.length) {
        const distinct = new Int32Array(all * 2);
        distinct.set(this.distinct);
        this.distinct = distinct;
      }
      this.distinct[all++] = id;
    });
    // Repeats out by sorting (a few dozen stems): no table by stem id to keep.
    const stems = this.distinct.subarray(0, all).sort();
    let count = 0;
    for (let i = 0; i < all; i++) if (i === 0 || stems[i] !== stems[i - 1]) stems[count++] = stems[i]!;
    return { count, key: categoryStems.join(' ') };
  }

  private change(role: number, category: number, count: number, sign: number): void {
    const stems = this.distinct;
    this.totalWords += sign * count;
    this.documents += sign;
    this.roles.change(role, stems, count, sign);
    this.categories.change(category, stems, count, sign);
  }
}
