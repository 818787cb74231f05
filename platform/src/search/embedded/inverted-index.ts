import type { SearchDocument } from '../port';
import { FEATURES } from '../query/features';
import { IntentCounts } from './catalog-intent-counts';
import { DocumentColumns } from './columns';
import { DocumentBodies } from './document-bodies';
import { ExpansionModel } from './document-expansion';
import { addPostings } from './document-postings';
import { analyse, averageLengths, FIELDS, LENGTH_SAMPLE, readFieldSettings } from './document-weights';
import { doubled } from './doubled';
import { compareAgentIds } from './equal-order';
import type { IndexImage } from './index-image';
import { type NameWords, nameWordsOf, wordSignature, wordsOf } from './name-words';
import type { PostingList } from './postings';
import { type RoleEntry, RoleTable } from './role-table';
import { SortedOrders } from './sorted-orders';
import { StemTable } from './stem-table';
import { StringColumn } from './string-column';
import { StringIds } from './string-ids';
import { type TimeSlices, UNSLICED } from './time-slices';
import { WordVocabulary } from './vocabulary';
import { WordSequences } from './word-sequences';

// The embedded engine's in-memory index. Documents get ever-increasing numbers; replacing or deleting one
// only marks its old number dead (queries skip dead numbers): writes are cheap, postings stay sorted. All
// kept per document or term is in typed arrays or flat string lists (read back whole from a snapshot,
// index-image.ts; little for the garbage collector), documents as JSON text (document-bodies.ts).

/** The role's field in analyse()'s fields (document-weights.ts). */
const ROLE = 1;

export class InvertedIndex {
  private stemTable = new StemTable();
  private bodies = new DocumentBodies();
  private count = 0;
  private alive: Uint8Array = new Uint8Array(1024);
  /** Each document's role id (see roleEntries), for cheap role boosts. */
  private roleOf: Int32Array = new Int32Array(1024);
  private nameWordBits: Int32Array = new Int32Array(1024);
  private namePartBits: Int32Array = new Int32Array(1024);
  private lengths: Int32Array = new Int32Array(1024 * FIELDS);
  private ids: string[] = [];
  private nameKeys = StringColumn.of();
  private namePartTexts = StringColumn.of();
  /** Each live document's number by its id (string-ids.ts: a snapshot keeps the table as it is). */
  private numbers = StringIds.empty((number) => this.ids[number]!);
  private fieldLengthSums: Float64Array = new Float64Array(FIELDS);
  /** Co-occurrence statistics of the last bulk load, for docExpansion (null when it is off). */
  private expansion: ExpansionModel | null = null;
  private roleTable = new RoleTable();
  private sequences = new WordSequences();
  vocabulary = new WordVocabulary(this.stemTable);
  /** What sorts and facet counts read, by document number. */
  columns = new DocumentColumns();
  /** Every document number in each sort order, for searches without words. */
  readonly orders = new SortedOrders(this);
  /** catalogIntent's counts, kept as documents come and go (catalog-intent-counts.ts). */
  intent = new IntentCounts();
  /** Changes on every write; caches key on it. */
  version = 0;
  private live = 0;

  get size(): number {
    return this.live;
  }

  /** Upper bound of document numbers (scratch arrays are sized to it). */
  get capacity(): number {
    return this.count;
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

  isAlive(number: number): boolean {
    return this.alive[number] === 1;
  }

  /** Lets go of the snapshot file a loaded index reads its documents' bodies from. */
  close(): Promise<void> {
    return this.bodies.close();
  }

  /** The live document with this number (read from its stored text: a new object each time). */
  document(number: number): SearchDocument | undefined {
    return this.alive[number] === 1 ? this.bodies.get(number) : undefined;
  }

  /** The number of the live document with this id. */
  numberOf(id: string): number | undefined {
    const number = this.numbers.get(id);
    return number < 0 ? undefined : number;
  }

  get(id: string): SearchDocument | undefined {
    const number = this.numbers.get(id);
    return number < 0 ? undefined : this.document(number);
  }

  /** The document's id (dead documents keep theirs). */
  idOf(number: number): string {
    return this.ids[number]!;
  }

  /**
   * Among documents the engine cannot tell apart, the older listing first: by id (numeric ids by value,
   * others as text; both adapters' ids grow with creation), never by number, which a re-index renews.
   * The one rule of every order and cut among equals (equal-order.ts).
   */
  compareIds(a: number, b: number): number {
    return compareAgentIds(this.ids[a]!, this.ids[b]!);
  }

  /** The words of the document's name that name matching compares. */
  nameOf(number: number): NameWords {
    const nameKey = this.nameKeys.get(number);
    return { nameWords: wordsOf(nameKey), nameParts: wordsOf(this.namePartTexts.get(number)), nameKey };
  }

  postingsOf(stemmed: string): PostingList | undefined {
    return this.stemTable.postings(this.stemTable.idOf(stemmed));
  }

  /** The postings of the stem with this id (as in word sequences). */
  postingsOfId(id: number): PostingList | undefined {
    return this.stemTable.postings(id);
  }

  /** The stem's id in word sequences, -1 when no document has it. */
  stemId(stemmed: string): number {
    return this.stemTable.idOf(stemmed);
  }

  /** The document's stem ids in text order, fields separated by -1 (a view, not a copy). */
  sequenceOf(number: number): Int32Array {
    return this.sequences.of(number);
  }

  documentFrequency(stemmed: string): number {
    return this.stemTable.frequency(this.stemTable.idOf(stemmed));
  }

  /** How many documents have the stem with this id (as in word sequences). */
  frequencyOfId(id: number): number {
    return this.stemTable.frequency(id);
  }

  /** Role ids are below this. */
  get roleIdLimit(): number {
    return this.roleTable.idLimit;
  }

  /** Roles of live documents with the stems of their names. */
  roleEntries(): IterableIterator<RoleEntry> {
    return this.roleTable.entries();
  }

  /** Adds many documents at once (tests, small catalogs). */
  load(documents: SearchDocument[]): void {
    const analysed = documents.map(analyse);
    const averages = averageLengths(this.fieldLengthSums, this.live, analysed);
    this.expansion = FEATURES.docExpansion ? new ExpansionModel(analysed.slice(0, LENGTH_SAMPLE)) : null;
    for (const document of documents) this.insertWith(document, analyse(document), averages);
    this.finishBulkLoad();
  }

  /**
   * Streams documents in, yielding to the event loop now and then so a serving process keeps answering;
   * only the index is kept (each document's words dropped once inserted: a 100k load peaks near its size).
   */
  async loadStream(documents: Iterable<SearchDocument>, yieldEvery = 500): Promise<void> {
    const iterator = documents[Symbol.iterator]();
    const sample: Array<{ document: SearchDocument; fields: string[][] }> = [];
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      sample.push({ document: next.value, fields: analyse(next.value) });
      if (sample.length === LENGTH_SAMPLE) break;
    }
    const averages = averageLengths(
      this.fieldLengthSums,
      this.live,
      sample.map((entry) => entry.fields),
    );
    this.expansion = FEATURES.docExpansion ? new ExpansionModel(sample.map((entry) => entry.fields)) : null;
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
    this.finishBulkLoad();
  }

  /** After a bulk load: postings into flat arrays, the word list sorted for completions. */
  private finishBulkLoad(): void {
    this.stemTable.compactAll();
    this.vocabulary.prepare();
  }

  upsert(document: SearchDocument): void {
    this.remove(document.id);
    const fields = analyse(document);
    this.insertWith(document, fields, averageLengths(this.fieldLengthSums, this.live, [fields]));
  }

  /** A live document's body replaced, nothing else: its shown fields alone changed (change-kind.ts). */
  replaceShown(document: SearchDocument): boolean {
    return this.bodies.replace(this.numbers.get(document.id), document);
  }

  remove(id: string): boolean {
    const number = this.numbers.get(id);
    if (number < 0) return false;
    for (let f = 0; f < FIELDS; f++) this.fieldLengthSums[f]! -= this.lengths[number * FIELDS + f]!;
    this.roleTable.remove(this.roleOf[number]!);
    this.intent.remove(this, number);
    this.alive[number] = 0;
    this.numbers.delete(id);
    this.live -= 1;
    this.version += 1;
    return true;
  }

  private grow(number: number): void {
    if (number < this.alive.length) return;
    this.alive = doubled(this.alive);
    this.roleOf = doubled(this.roleOf);
    this.nameWordBits = doubled(this.nameWordBits);
    this.namePartBits = doubled(this.namePartBits);
    this.sequences.grow();
    const lengths = new Int32Array(this.alive.length * FIELDS);
    lengths.set(this.lengths);
    this.lengths = lengths;
  }

  private insertWith(document: SearchDocument, fields: string[][], averages: Float64Array): void {
    readFieldSettings();
    const number = this.count;
    this.grow(number);
    for (let f = 0; f < FIELDS; f++) {
      this.fieldLengthSums[f]! += fields[f]!.length;
      this.lengths[number * FIELDS + f] = fields[f]!.length;
    }
    this.count += 1;
    const name = nameWordsOf(document.name);
    this.bodies.append(document);
    this.ids[number] = document.id;
    this.nameKeys.set(number, name.nameKey);
    this.namePartTexts.set(number, name.nameParts.join(' '));
    this.columns.add(number, document);
    this.nameWordBits[number] = wordSignature(name.nameWords);
    this.namePartBits[number] = wordSignature(name.nameParts);
    this.alive[number] = 1;
    this.roleOf[number] = this.roleTable.add(document, document.role.toLowerCase(), fields[ROLE]!).id;
    this.numbers.set(document.id, number);
    this.live += 1;
    this.version += 1;

    addPostings(
      {
        vocabulary: this.vocabulary,
        stems: this.stemTable,
        sequences: this.sequences,
        expansion: this.expansion,
      },
      number,
      fields,
      averages,
    );
    this.intent.add(this, number);
  }

  /** The whole index as arrays and string lists (views where possible: valid until the next write). */
  image(): IndexImage {
    const count = this.count;
    return {
      count,
      live: this.live,
      nextRoleId: this.roleTable.idLimit,
      fieldLengthSums: this.fieldLengthSums,
      alive: this.alive.subarray(0, count),
      roleOf: this.roleOf.subarray(0, count),
      nameWordBits: this.nameWordBits.subarray(0, count),
      namePartBits: this.namePartBits.subarray(0, count),
      lengths: this.lengths.subarray(0, count * FIELDS),
      sequencePool: this.sequences.pool.subarray(0, this.sequences.used),
      sequenceStart: this.sequences.start.subarray(0, count),
      sequenceEnd: this.sequences.end.subarray(0, count),
      ids: this.ids,
      numbers: this.numbers.image(),
      nameKeys: this.nameKeys,
      nameParts: this.namePartTexts,
      bodies: this.bodies.image(),
      columns: this.columns.image(count),
      stems: this.stemTable.image(),
      vocabulary: this.vocabulary.image(),
      roles: [...this.roleTable.entries()],
      orders: this.orders.image(),
      intent: this.intent.image(count),
    };
  }

  /** An index from image(): the same documents, numbers, postings and orders, lookup tables as held. */
  static async fromImage(image: IndexImage, slices: TimeSlices = UNSLICED): Promise<InvertedIndex> {
    const index = new InvertedIndex();
    index.count = image.count;
    index.live = image.live;
    index.fieldLengthSums = Float64Array.from(image.fieldLengthSums);
    index.alive = image.alive;
    index.roleOf = image.roleOf;
    index.nameWordBits = image.nameWordBits;
    index.namePartBits = image.namePartBits;
    index.lengths = image.lengths;
    index.sequences = WordSequences.fromImage(image.sequencePool, image.sequenceStart, image.sequenceEnd);
    index.ids = image.ids;
    index.nameKeys = image.nameKeys;
    index.namePartTexts = image.nameParts;
    index.bodies = DocumentBodies.fromImage(image.bodies.bytes, image.bodies.ends);
    index.columns = DocumentColumns.fromImage(image.columns);
    await slices.pause();
    // The lookup tables as the snapshot keeps them: nothing hashed again (string-ids.ts).
    index.stemTable = StemTable.fromImage(image.stems);
    // Each table in a slice of its own: each allocates, which on a busy machine holds the thread.
    await slices.pause();
    index.vocabulary = WordVocabulary.fromImage(index.stemTable, image.vocabulary);
    await slices.pause();
    index.numbers = StringIds.fromImage((number) => index.ids[number]!, image.numbers);
    index.roleTable = RoleTable.fromImage(image.nextRoleId, image.roles);
    index.orders.restore(image.orders);
    index.intent = await IntentCounts.restore(image.intent, index, slices);
    return index;
  }
}
