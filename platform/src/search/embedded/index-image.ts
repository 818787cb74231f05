import { PROFILE_FACET_FIELDS } from '@agentry/domain/profile-facets';
import { SPEC_FACET_FIELDS } from '@agentry/domain/search-fields';
import type { IntentImage } from './catalog-intent-counts';
import type { ColumnsImage } from './columns';
import type { StoredBytes } from './document-bodies';
import type { RoleEntry } from './role-table';
import type { StemTableImage } from './stem-table';
import { StringColumn } from './string-column';
import { type TimeSlices, UNSLICED } from './time-slices';
import type { VocabularyImage } from './vocabulary';

// An index image (inverted-index.ts) as bytes and back: a short JSON description, then each typed
// array as its raw bytes and each string list as one text with the lengths of its strings,
// every part aligned to 8 bytes. Reading gives typed arrays that are views of the bytes (nothing
// copied, nothing parsed but the strings), which is what lets a 100,000-agent index load in well
// under a second; the reader keeps the bytes alive as long as the index. The per-document string
// lists (names, name keys and parts, dates) are not even decoded: they stay bytes, each string
// decoded when read (string-column.ts). The documents' bodies come last: a snapshot's reader may
// leave them in the file (residentLength, document-bodies.ts).

/** Everything an index holds, as typed arrays and string lists (written out below). */
export interface IndexImage {
  /** Document numbers given so far (live and dead). */
  count: number;
  live: number;
  nextRoleId: number;
  fieldLengthSums: Float64Array;
  alive: Uint8Array;
  roleOf: Int32Array;
  nameWordBits: Int32Array;
  namePartBits: Int32Array;
  /** Word count per indexed field and document (FIELDS per document). */
  lengths: Int32Array;
  sequencePool: Int32Array;
  sequenceStart: Int32Array;
  sequenceEnd: Int32Array;
  ids: string[];
  /** The live documents' numbers by id (string-ids.ts). */
  numbers: Int32Array;
  nameKeys: StringColumn;
  /** Each document's name parts joined by spaces. */
  nameParts: StringColumn;
  /** Read back, the bytes may be left in a file (imageFromBytes's `rest`). */
  bodies: { bytes: Uint8Array | StoredBytes; ends: Float64Array };
  columns: ColumnsImage;
  stems: StemTableImage;
  vocabulary: VocabularyImage;
  roles: RoleEntry[];
  orders: Array<{ key: string; numbers: Int32Array; covered: number }>;
  /** catalogIntent's counts (null from a snapshot written before they were kept: counted on load). */
  intent: IntentImage | null;
}

type Typed = Int32Array | Uint8Array | Uint32Array | Float32Array | Float64Array;
type Kind = 'i32' | 'u8' | 'u32' | 'f32' | 'f64' | 'strings' | 'strings16';

interface Section {
  name: string;
  kind: Kind;
  offset: number;
  bytes: number;
  /** Elements (strings for a string list). */
  count: number;
}

interface Description {
  count: number;
  live: number;
  nextRoleId: number;
  roles: RoleEntry[];
  orders: Array<{ key: string; covered: number }>;
  vocabularySorted: boolean;
  sections: Section[];
}

const ALIGN = 8;
/** The documents' bodies: the image's last section. */
const BODIES = 'bodies.bytes';
/**
 * catalogIntent's parts: their names' prefix, and the category keys' part, whose name carries the
 * layout of the counts' hash table (a snapshot of another layout is counted again on load).
 */
const INTENT = 'intent.';
const INTENT_KEYS = 'intent categoryKeys, hash 2';
const align = (offset: number) => Math.ceil(offset / ALIGN) * ALIGN;
const CONSTRUCTORS = {
  i32: Int32Array,
  u8: Uint8Array,
  u32: Uint32Array,
  f32: Float32Array,
  f64: Float64Array,
} as const;

interface Part {
  name: string;
  kind: Kind;
  /** Raw bytes of a typed array, or the encoded string list. */
  data: Uint8Array;
  count: number;
}

type TypedKind = Exclude<Kind, 'strings' | 'strings16'>;

function typedPart(name: string, kind: TypedKind, array: Typed): Part {
  return {
    name,
    kind,
    data: new Uint8Array(array.buffer, array.byteOffset, array.byteLength),
    count: array.length,
  };
}

/**
 * A string list: the length of each string (Uint32, in UTF-16 units), then all of them as UTF-8,
 * which reads back into one-byte strings when they are (nearly all catalog text is); as UTF-16 when
 * UTF-8 cannot carry them (a lone surrogate), so that any JavaScript string comes back as it was.
 */
function stringsPart(name: string, strings: readonly string[]): Part {
  const lengths = new Uint32Array(strings.length);
  for (let i = 0; i < strings.length; i++) lengths[i] = strings[i]!.length;
  const joined = strings.join('');
  let text = Buffer.from(joined, 'utf8');
  let kind: Kind = 'strings';
  if (text.toString('utf8') !== joined) {
    text = Buffer.from(joined, 'utf16le');
    kind = 'strings16';
  }
  const data = new Uint8Array(align(lengths.byteLength) + text.length);
  data.set(new Uint8Array(lengths.buffer), 0);
  data.set(text, align(lengths.byteLength));
  return { name, kind, data, count: strings.length };
}

function partsOf(image: IndexImage): Part[] {
  const parts: Part[] = [
    typedPart('fieldLengthSums', 'f64', image.fieldLengthSums),
    typedPart('alive', 'u8', image.alive),
    typedPart('roleOf', 'i32', image.roleOf),
    typedPart('nameWordBits', 'i32', image.nameWordBits),
    typedPart('namePartBits', 'i32', image.namePartBits),
    typedPart('lengths', 'i32', image.lengths),
    typedPart('sequencePool', 'i32', image.sequencePool),
    typedPart('sequenceStart', 'i32', image.sequenceStart),
    typedPart('sequenceEnd', 'i32', image.sequenceEnd),
    stringsPart('ids', image.ids.slice(0, image.count)),
    typedPart('numbers.slots', 'i32', image.numbers),
    stringsPart('nameKeys', image.nameKeys.toArray(image.count)),
    stringsPart('nameParts', image.nameParts.toArray(image.count)),
    typedPart('bodies.ends', 'f64', image.bodies.ends),
    stringsPart('columns.names', image.columns.names.toArray(image.count)),
    stringsPart('columns.created', image.columns.created.toArray(image.count)),
    typedPart('columns.price', 'f64', image.columns.price),
    typedPart('columns.priced', 'u8', image.columns.priced),
    stringsPart('stems', image.stems.texts),
    typedPart('stems.slots', 'i32', image.stems.slots),
    typedPart('stems.offsets', 'u32', image.stems.postings.offsets),
    typedPart('stems.entries', 'i32', image.stems.postings.entries),
    typedPart('stems.values', 'f32', image.stems.postings.values),
    stringsPart('words', image.vocabulary.words),
    typedPart('words.slots', 'i32', image.vocabulary.slots),
    typedPart('words.stemOf', 'i32', image.vocabulary.stemOf),
    typedPart('words.count', 'i32', image.vocabulary.count),
    typedPart('words.stop', 'u8', image.vocabulary.stop),
    typedPart('words.byLength', 'i32', image.vocabulary.byLength),
    typedPart('words.lengthStarts', 'i32', image.vocabulary.lengthStarts),
  ];
  if (image.vocabulary.sorted) parts.push(typedPart('words.sorted', 'i32', image.vocabulary.sorted));
  for (const field of SPEC_FACET_FIELDS) {
    parts.push(stringsPart(`facets.${field}.values`, image.columns.facets[field].values));
    parts.push(typedPart(`facets.${field}.ids`, 'i32', image.columns.facets[field].ids));
  }
  for (const field of PROFILE_FACET_FIELDS) {
    const list = image.columns.lists[field];
    parts.push(stringsPart(`lists.${field}.values`, list.values));
    parts.push(typedPart(`lists.${field}.start`, 'i32', list.start));
    parts.push(typedPart(`lists.${field}.end`, 'i32', list.end));
    parts.push(typedPart(`lists.${field}.pool`, 'i32', list.pool));
  }
  parts.push(typedPart('columns.startingPrice', 'f64', image.columns.startingPrice));
  parts.push(typedPart('columns.startingPriced', 'u8', image.columns.startingPriced));
  for (const order of image.orders) parts.push(typedPart(`orders.${order.key}`, 'i32', order.numbers));
  if (image.intent) {
    for (const [name, array] of Object.entries(image.intent.arrays))
      parts.push(typedPart(`${INTENT}${name}`, array instanceof Float64Array ? 'f64' : 'i32', array));
    parts.push(stringsPart(INTENT_KEYS, image.intent.categoryKeys));
  }
  // Last, so that everything before it can be read into memory without it (residentLength).
  const { bytes } = image.bodies;
  if (!(bytes instanceof Uint8Array)) throw new Error('index image: the bodies are left in a file');
  parts.push(typedPart(BODIES, 'u8', bytes));
  return parts;
}

/** The image as bytes: [u32 description length][description JSON][parts], parts 8-aligned. */
export function imageToBytes(image: IndexImage): Buffer {
  const parts = partsOf(image);
  const sections: Section[] = [];
  let offset = 0;
  for (const part of parts) {
    sections.push({
      name: part.name,
      kind: part.kind,
      offset,
      bytes: part.data.byteLength,
      count: part.count,
    });
    offset = align(offset + part.data.byteLength);
  }
  const description: Description = {
    count: image.count,
    live: image.live,
    nextRoleId: image.nextRoleId,
    roles: image.roles,
    orders: image.orders.map(({ key, covered }) => ({ key, covered })),
    vocabularySorted: image.vocabulary.sorted !== null,
    sections,
  };
  const head = Buffer.from(JSON.stringify(description), 'utf8');
  const start = align(4 + head.length);
  const bytes = Buffer.alloc(start + offset);
  bytes.writeUInt32LE(head.length, 0);
  head.copy(bytes, 4);
  for (let i = 0; i < parts.length; i++) bytes.set(parts[i]!.data, start + sections[i]!.offset);
  return bytes;
}

function describe(buffer: Buffer): { description: Description; start: number } {
  const headLength = buffer.readUInt32LE(0);
  const description = JSON.parse(buffer.toString('utf8', 4, 4 + headLength)) as Description;
  return { description, start: align(4 + headLength) };
}

/**
 * How many leading bytes of imageToBytes()'s output hold everything but the documents' bodies: a
 * reader may keep those in memory and leave the rest in the file (imageFromBytes's `rest`).
 */
export function residentLength(image: Uint8Array): number {
  const { description, start } = describe(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
  const bodies = description.sections.find((section) => section.name === BODIES);
  if (!bodies || description.sections.some((section) => section.offset > bodies.offset))
    throw new Error('index image: the bodies are not its last section');
  return start + bodies.offset;
}

/**
 * Reads imageToBytes()'s output; typed arrays are views of `bytes` (copied only if misaligned).
 * Decoding the string lists yields to the event loop between `slices`. `rest`: the image's bytes
 * from `source`'s end on, left in a file (the bodies, read one document at a time).
 */
export async function imageFromBytes(
  source: Uint8Array,
  slices: TimeSlices = UNSLICED,
  rest?: StoredBytes,
): Promise<IndexImage> {
  const bytes: Uint8Array = source.byteOffset % ALIGN === 0 ? source : Uint8Array.from(source);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { description, start } = describe(buffer);
  const byName = new Map(description.sections.map((section) => [section.name, section]));
  const section = (name: string): Section => {
    const found = byName.get(name);
    if (!found) throw new Error(`index image lacks ${name}`);
    if (start + found.offset + found.bytes > bytes.byteLength)
      throw new Error(`index image cut short in ${name}`);
    return found;
  };
  const typed = <K extends TypedKind>(name: string, kind: K) => {
    const found = section(name);
    if (found.kind !== kind) throw new Error(`index image: ${name} is ${found.kind}, not ${kind}`);
    const Constructor = CONSTRUCTORS[kind] as unknown as new (
      buffer: ArrayBufferLike,
      byteOffset: number,
      length: number,
    ) => InstanceType<(typeof CONSTRUCTORS)[K]>;
    return new Constructor(bytes.buffer, bytes.byteOffset + start + found.offset, found.count);
  };
  const strings = async (name: string): Promise<string[]> => {
    await slices.pause();
    const found = section(name);
    const lengths = new Uint32Array(bytes.buffer, bytes.byteOffset + start + found.offset, found.count);
    const textStart = start + found.offset + align(lengths.byteLength);
    const encoding = found.kind === 'strings16' ? 'utf16le' : 'utf8';
    const text = buffer.toString(encoding, textStart, start + found.offset + found.bytes);
    const list = new Array<string>(found.count);
    let at = 0;
    for (let i = 0; i < found.count; i++) {
      list[i] = text.slice(at, at + lengths[i]!);
      at += lengths[i]!;
      if ((i & 4095) === 4095) await slices.pause();
    }
    if (at !== text.length) throw new Error(`index image: the strings of ${name} do not add up`);
    return list;
  };
  // The per-document lists left as bytes, decoded on use (string-column.ts).
  const column = async (name: string): Promise<StringColumn> => {
    const found = section(name);
    const lengths = new Uint32Array(bytes.buffer, bytes.byteOffset + start + found.offset, found.count);
    const textStart = start + found.offset + align(lengths.byteLength);
    const text = buffer.subarray(textStart, start + found.offset + found.bytes);
    const packed = StringColumn.packed(text, lengths, found.kind === 'strings16' ? 'utf16le' : 'utf8');
    if (!packed) return StringColumn.of(await strings(name));
    await slices.pause();
    return packed;
  };
  const bodiesOf = (): Uint8Array | StoredBytes => {
    const found = byName.get(BODIES);
    if (!rest || !found || start + found.offset < bytes.byteLength) return typed(BODIES, 'u8');
    const at = start + found.offset - bytes.byteLength;
    if (found.kind !== 'u8' || at + found.bytes > rest.length)
      throw new Error(`index image cut short in ${BODIES}`);
    return { handle: rest.handle, offset: rest.offset + at, length: found.bytes };
  };
  const facets = {} as IndexImage['columns']['facets'];
  for (const field of SPEC_FACET_FIELDS)
    facets[field] = {
      values: await strings(`facets.${field}.values`),
      ids: typed(`facets.${field}.ids`, 'i32'),
    };
  let intent: IntentImage | null = null;
  if (byName.has(INTENT_KEYS)) {
    const arrays: IntentImage['arrays'] = {};
    for (const { name, kind } of description.sections)
      if (name.startsWith(INTENT)) arrays[name.slice(INTENT.length)] = typed(name, kind as 'i32' | 'f64');
    intent = { arrays, categoryKeys: await strings(INTENT_KEYS) };
  }
  const lists = {} as IndexImage['columns']['lists'];
  for (const field of PROFILE_FACET_FIELDS)
    lists[field] = {
      values: await strings(`lists.${field}.values`),
      start: typed(`lists.${field}.start`, 'i32'),
      end: typed(`lists.${field}.end`, 'i32'),
      pool: typed(`lists.${field}.pool`, 'i32'),
    };
  return {
    count: description.count,
    live: description.live,
    nextRoleId: description.nextRoleId,
    fieldLengthSums: typed('fieldLengthSums', 'f64'),
    alive: typed('alive', 'u8'),
    roleOf: typed('roleOf', 'i32'),
    nameWordBits: typed('nameWordBits', 'i32'),
    namePartBits: typed('namePartBits', 'i32'),
    lengths: typed('lengths', 'i32'),
    sequencePool: typed('sequencePool', 'i32'),
    sequenceStart: typed('sequenceStart', 'i32'),
    sequenceEnd: typed('sequenceEnd', 'i32'),
    ids: await strings('ids'),
    numbers: typed('numbers.slots', 'i32'),
    nameKeys: await column('nameKeys'),
    nameParts: await column('nameParts'),
    bodies: { bytes: bodiesOf(), ends: typed('bodies.ends', 'f64') },
    columns: {
      names: await column('columns.names'),
      created: await column('columns.created'),
      price: typed('columns.price', 'f64'),
      priced: typed('columns.priced', 'u8'),
      facets,
      lists,
      startingPrice: typed('columns.startingPrice', 'f64'),
      startingPriced: typed('columns.startingPriced', 'u8'),
    },
    stems: {
      texts: await strings('stems'),
      slots: typed('stems.slots', 'i32'),
      postings: {
        offsets: typed('stems.offsets', 'u32'),
        entries: typed('stems.entries', 'i32'),
        values: typed('stems.values', 'f32'),
      },
    },
    vocabulary: {
      words: await strings('words'),
      slots: typed('words.slots', 'i32'),
      stemOf: typed('words.stemOf', 'i32'),
      count: typed('words.count', 'i32'),
      stop: typed('words.stop', 'u8'),
      byLength: typed('words.byLength', 'i32'),
      lengthStarts: typed('words.lengthStarts', 'i32'),
      sorted: description.vocabularySorted ? typed('words.sorted', 'i32') : null,
    },
    roles: description.roles,
    orders: description.orders.map(({ key, covered }) => ({
      key,
      covered,
      numbers: typed(`orders.${key}`, 'i32'),
    })),
    intent,
  };
}
