// Strings to ids (a stem's, a word's, a document's number) in one typed array instead of a Map: an
// open-addressing hash table whose slots hold id + 1 (0: empty, -1: an entry deleted), the strings
// themselves being wherever their owner keeps them (textOf). A snapshot stores the slots as they
// are, so loading an index reads its lookup tables instead of building them: building three Maps
// of 100,000-120,000 strings each was a third of a 100,000-agent snapshot's load and most of its
// garbage (issue 24). The hash is part of the snapshot's format (SNAPSHOT_FORMAT): changing it
// makes old snapshots unreadable, hence rebuilt.

const EMPTY = 0;
const DELETED = -1;
/** Slots per entry at most 1 / MAX_LOAD full (deleted ones count until the next growth). */
const MAX_LOAD = 2;

/** FNV-1a over the string's UTF-16 code units. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The smallest power of two that holds `entries` at the table's load. */
function slotsFor(entries: number): number {
  let size = 16;
  while (size < entries * MAX_LOAD) size *= 2;
  return size;
}

export class StringIds {
  private slots: Int32Array;
  /** Slots not empty (deleted ones included). */
  private used = 0;

  /** `textOf(id)`: the string of an id in the table (the owner's list). */
  private constructor(
    private readonly textOf: (id: number) => string,
    slots: Int32Array,
    used: number,
  ) {
    this.slots = slots;
    this.used = used;
  }

  static empty(textOf: (id: number) => string): StringIds {
    return new StringIds(textOf, new Int32Array(16), 0);
  }

  /**
   * A table of the ids of `count` strings (`textOf(0 .. count - 1)`) where `include(id)` says so;
   * built by hashing each once.
   */
  static of(textOf: (id: number) => string, count: number, include: (id: number) => boolean = () => true) {
    const table = new StringIds(textOf, new Int32Array(slotsFor(count)), 0);
    for (let id = 0; id < count; id++) if (include(id)) table.set(textOf(id), id);
    return table;
  }

  /** A table from image()'s slots (kept as they are: the caller gives them up). */
  static fromImage(textOf: (id: number) => string, slots: Int32Array): StringIds {
    const size = slots.length;
    if (size < 16 || (size & (size - 1)) !== 0) throw new Error('string table: slots not a power of two');
    let used = 0;
    for (let i = 0; i < size; i++) if (slots[i] !== EMPTY) used++;
    return new StringIds(textOf, slots, used);
  }

  /** The slots, for a snapshot (a copy: the table goes on changing). */
  image(): Int32Array {
    return Int32Array.from(this.slots);
  }

  /** The id of `text`, or -1. */
  get(text: string): number {
    const mask = this.slots.length - 1;
    for (let slot = hashOf(text) & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === EMPTY) return -1;
      if (held !== DELETED && this.textOf(held - 1) === text) return held - 1;
    }
  }

  /** Maps `text` to `id` (replacing the id it had). */
  set(text: string, id: number): void {
    if ((this.used + 1) * MAX_LOAD > this.slots.length) this.grow();
    const mask = this.slots.length - 1;
    let free = -1;
    for (let slot = hashOf(text) & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === EMPTY) {
        if (free < 0) {
          free = slot;
          this.used++;
        }
        this.slots[free] = id + 1;
        return;
      }
      if (held === DELETED) {
        if (free < 0) free = slot;
      } else if (this.textOf(held - 1) === text) {
        this.slots[slot] = id + 1;
        return;
      }
    }
  }

  /** Forgets `text` (its slot marked deleted, so that the strings after it are still found). */
  delete(text: string): void {
    const mask = this.slots.length - 1;
    for (let slot = hashOf(text) & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === EMPTY) return;
      if (held !== DELETED && this.textOf(held - 1) === text) {
        this.slots[slot] = DELETED;
        return;
      }
    }
  }

  /** Twice the slots (or as many, when deleted entries took the room), every entry placed again. */
  private grow(): void {
    const old = this.slots;
    let live = 0;
    for (let i = 0; i < old.length; i++) if (old[i]! > 0) live++;
    const size = slotsFor(live + 1) > old.length ? old.length * 2 : old.length;
    const slots = new Int32Array(size);
    const mask = size - 1;
    for (let i = 0; i < old.length; i++) {
      const held = old[i]!;
      if (held <= 0) continue;
      let slot = hashOf(this.textOf(held - 1)) & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = held;
    }
    this.slots = slots;
    this.used = live;
  }
}
