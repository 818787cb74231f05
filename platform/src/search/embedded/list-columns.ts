import {
  PROFILE_FACET_FIELDS,
  type ProfileFacetField,
  profileFacetValues,
} from '@agentry/domain/profile-facets';
import { FACET_VALUES_MAX } from '@agentry/domain/request-bounds';
import type { SearchDocument } from '../port';

// The profile facets (domain/profile-facets.ts) by document number: any number of values per
// document, none when the provider did not state the fact. Each field's values get ids; each
// document's value ids sit in one pool, from start[n] to end[n]. Documents are numbered in the
// order they are indexed and never change (columns.ts), so the pool is only appended to.

/** What a snapshot keeps of one list column, for documents 0 .. count - 1. */
export interface ListColumnImage {
  values: string[];
  start: Int32Array;
  end: Int32Array;
  pool: Int32Array;
}

export class ListColumn {
  readonly values: string[] = [];
  private readonly idOf = new Map<string, number>();
  start: Int32Array = new Int32Array(1024);
  end: Int32Array = new Int32Array(1024);
  pool: Int32Array = new Int32Array(1024);
  private used = 0;

  static fromImage(image: ListColumnImage): ListColumn {
    const column = new ListColumn();
    for (const value of image.values) {
      column.idOf.set(value, column.values.length);
      column.values.push(value);
    }
    column.start = image.start;
    column.end = image.end;
    column.pool = image.pool;
    column.used = image.pool.length;
    return column;
  }

  image(count: number): ListColumnImage {
    return {
      values: this.values,
      start: this.start.subarray(0, count),
      end: this.end.subarray(0, count),
      pool: this.pool.subarray(0, this.used),
    };
  }

  add(number: number, values: readonly string[]): void {
    if (number >= this.start.length) {
      this.start = grown(this.start, number);
      this.end = grown(this.end, number);
    }
    this.start[number] = this.used;
    for (const value of values) {
      let id = this.idOf.get(value);
      if (id === undefined) {
        id = this.values.length;
        this.values.push(value);
        this.idOf.set(value, id);
      }
      if (this.used >= this.pool.length) this.pool = grown(this.pool, this.used);
      this.pool[this.used++] = id;
    }
    this.end[number] = this.used;
  }

  /** Whether the document holds one of the values flagged in `accepts` (by value id). */
  matcher(lowerCased: ReadonlySet<string>): (n: number) => boolean {
    const accepts = new Uint8Array(this.values.length);
    for (let id = 0; id < this.values.length; id++)
      accepts[id] = lowerCased.has(this.values[id]!.toLowerCase()) ? 1 : 0;
    const { start, end, pool } = this;
    return (n) => {
      for (let k = start[n]!, stop = end[n]!; k < stop; k++) if (accepts[pool[k]!] === 1) return true;
      return false;
    };
  }

  /**
   * How many hits hold each value, the most held first (ties in value order), at most
   * FACET_VALUES_MAX of them: an agent that states nothing counts under no value.
   */
  count(hits: ArrayLike<number>): Record<string, number> {
    const counts = new Int32Array(this.values.length);
    const { start, end, pool } = this;
    for (let i = 0; i < hits.length; i++) {
      const n = hits[i]!;
      for (let k = start[n]!, stop = end[n]!; k < stop; k++) counts[pool[k]!]! += 1;
    }
    const held: number[] = [];
    for (let id = 0; id < counts.length; id++) if (counts[id]! > 0) held.push(id);
    held.sort((x, y) => counts[y]! - counts[x]! || x - y);
    // Prototype-free: an integration may be named anything, "__proto__" included.
    const object: Record<string, number> = Object.create(null);
    for (const id of held.slice(0, FACET_VALUES_MAX)) object[this.values[id]!] = counts[id]!;
    return object;
  }
}

export type ListColumns = Record<ProfileFacetField, ListColumn>;

export const newListColumns = (): ListColumns =>
  Object.fromEntries(PROFILE_FACET_FIELDS.map((field) => [field, new ListColumn()])) as ListColumns;

export function addToListColumns(columns: ListColumns, number: number, document: SearchDocument): void {
  for (const field of PROFILE_FACET_FIELDS) columns[field].add(number, profileFacetValues(document, field));
}

/** A copy of a per-document array with room for index `number` (at least twice the size). */
function grown(array: Int32Array, number: number): Int32Array {
  const copy = new Int32Array(Math.max(array.length * 2, number + 1));
  copy.set(array);
  return copy;
}
