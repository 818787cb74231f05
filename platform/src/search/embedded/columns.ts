import { STARTING_PRICE_FIELD } from '@agentry/domain/profile-facets';
import { isProfileFacet, SPEC_FACET_FIELDS, type SpecFacetField } from '@agentry/domain/search-fields';
import type { FacetField, SearchDocument, SortOrder } from '../port';
import type { EqualOrder } from './equal-order';
import {
  addToListColumns,
  ListColumn,
  type ListColumnImage,
  type ListColumns,
  newListColumns,
} from './list-columns';
import { StringColumn } from './string-column';

// What sorts and facet counts read of each document, as flat arrays by document number, filled
// when a document is indexed. A browse by filters alone (no words) sorts and counts every agent
// of the catalog: reading `entry.document` and lower-casing names in the comparator cost 27 % of
// the API's time at 100k agents (issue 15). A number's document never changes (a replaced one
// gets a new number), so nothing here is ever updated, only appended.

export type Compare = (a: number, b: number) => number;

/** Distinct values of one facet field, each with an id, and every document's value id. */
class FacetColumn {
  readonly values: string[] = [];
  private readonly idOf = new Map<string, number>();
  ids: Int32Array = new Int32Array(1024);

  static fromImage(values: string[], ids: Int32Array): FacetColumn {
    const column = new FacetColumn();
    for (const value of values) {
      column.idOf.set(value, column.values.length);
      column.values.push(value);
    }
    column.ids = ids;
    return column;
  }

  add(number: number, value: unknown): void {
    // As an object key, the value counts as its text (the counts are an object keyed by it).
    const key = String(value);
    let id = this.idOf.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(key);
      this.idOf.set(key, id);
    }
    if (number >= this.ids.length) this.ids = grown(this.ids, number);
    this.ids[number] = id;
  }
}

/** What a snapshot keeps of the columns, for documents 0 .. count - 1. */
export interface ColumnsImage {
  names: StringColumn;
  created: StringColumn;
  price: Float64Array;
  priced: Uint8Array;
  facets: Record<SpecFacetField, { values: string[]; ids: Int32Array }>;
  /** The profile facets (list-columns.ts). */
  lists: Record<keyof ListColumns, ListColumnImage>;
  /** The profile's starting price per month (USD), and 1 where there is one. */
  startingPrice: Float64Array;
  startingPriced: Uint8Array;
}

export class DocumentColumns {
  /** The name lower-cased, as the name order compares it. */
  private names = StringColumn.of();
  /** Listing time (ISO text), '' when unknown. */
  private created = StringColumn.of();
  private price: Float64Array = new Float64Array(1024);
  /** 1 when the document has a monthly price. */
  private priced: Uint8Array = new Uint8Array(1024);
  private facets = Object.fromEntries(SPEC_FACET_FIELDS.map((field) => [field, new FacetColumn()])) as Record<
    SpecFacetField,
    FacetColumn
  >;
  private lists: ListColumns = newListColumns();
  private startingPrice: Float64Array = new Float64Array(1024);
  private startingPriced: Uint8Array = new Uint8Array(1024);

  image(count: number): ColumnsImage {
    return {
      names: this.names,
      created: this.created,
      price: this.price.subarray(0, count),
      priced: this.priced.subarray(0, count),
      facets: Object.fromEntries(
        SPEC_FACET_FIELDS.map((field) => [
          field,
          { values: this.facets[field].values, ids: this.facets[field].ids.subarray(0, count) },
        ]),
      ) as ColumnsImage['facets'],
      lists: Object.fromEntries(
        Object.entries(this.lists).map(([field, column]) => [field, column.image(count)]),
      ) as ColumnsImage['lists'],
      startingPrice: this.startingPrice.subarray(0, count),
      startingPriced: this.startingPriced.subarray(0, count),
    };
  }

  static fromImage(image: ColumnsImage): DocumentColumns {
    const columns = new DocumentColumns();
    columns.names = image.names;
    columns.created = image.created;
    columns.price = image.price;
    columns.priced = image.priced;
    columns.facets = Object.fromEntries(
      SPEC_FACET_FIELDS.map((field) => [
        field,
        FacetColumn.fromImage(image.facets[field].values, image.facets[field].ids),
      ]),
    ) as Record<SpecFacetField, FacetColumn>;
    columns.lists = Object.fromEntries(
      Object.entries(image.lists).map(([field, list]) => [field, ListColumn.fromImage(list)]),
    ) as ListColumns;
    columns.startingPrice = image.startingPrice;
    columns.startingPriced = image.startingPriced;
    return columns;
  }

  add(number: number, document: SearchDocument): void {
    this.names.set(number, document.name.toLowerCase());
    this.created.set(number, document.created_at ?? '');
    if (number >= this.price.length) {
      this.price = grown(this.price, number);
      this.priced = grown(this.priced, number);
    }
    const price = document.price_monthly;
    this.priced[number] = price === null || price === undefined ? 0 : 1;
    this.price[number] = price ?? 0;
    for (const field of SPEC_FACET_FIELDS) this.facets[field].add(number, document[field]);
    if (number >= this.startingPrice.length) {
      this.startingPrice = grown(this.startingPrice, number);
      this.startingPriced = grown(this.startingPriced, number);
    }
    const starting = document[STARTING_PRICE_FIELD];
    const stated = typeof starting === 'number' && Number.isFinite(starting);
    this.startingPriced[number] = stated ? 1 : 0;
    this.startingPrice[number] = stated ? starting : 0;
    addToListColumns(this.lists, number, document);
  }

  /** Per document, whether a profile fact's values hold one of `lowerCased` (case-insensitively). */
  listMatcher(field: keyof ListColumns, lowerCased: ReadonlySet<string>): (n: number) => boolean {
    return this.lists[field].matcher(lowerCased);
  }

  /** Profile starting prices per month by document number; `priced` is 0 where none is stated. */
  startingPrices(): { price: Float64Array; priced: Uint8Array } {
    return { price: this.startingPrice, priced: this.startingPriced };
  }

  /** Per document, whether its value of the field is one of `lowerCased` (case-insensitively). */
  facetMatcher(
    field: SpecFacetField,
    lowerCased: ReadonlySet<string>,
  ): { ids: Int32Array; accepts: Uint8Array } {
    const { ids, values } = this.facets[field];
    const accepts = new Uint8Array(values.length);
    for (let id = 0; id < values.length; id++)
      accepts[id] = lowerCased.has(values[id]!.toLowerCase()) ? 1 : 0;
    return { ids, accepts };
  }

  /** Monthly prices by document number; `priced` is 0 where there is none. */
  prices(): { price: Float64Array; priced: Uint8Array } {
    return { price: this.price, priced: this.priced };
  }

  /**
   * The order of a sort, a total order on live documents: equal keys go by `equalOrder`, the
   * engine's rule for equals (equal-order.ts: by id, which a re-index keeps, never by number), so
   * it is the same whichever way the documents are visited and however often they were re-indexed.
   * Relevance, for a search without words, is by name. It compares the documents indexed when it
   * was made (the arrays it holds may be outgrown).
   */
  comparator(sort: SortOrder | undefined, equalOrder: EqualOrder): Compare {
    const { names, created, price, priced } = this;
    const byName: Compare = (a, b) => names.compare(a, b) || equalOrder(a, b);
    if (sort === 'newest') {
      // ISO timestamps compare as text; a document indexed before they were kept goes last.
      return (a, b) => created.compare(b, a) || byName(a, b);
    }
    if (sort !== 'price_asc' && sort !== 'price_desc') return byName;
    const direction = sort === 'price_asc' ? 1 : -1;
    // Unpriced documents go last in both directions.
    return (a, b) => {
      const p = priced[a]!;
      const q = priced[b]!;
      if (p === 0 || q === 0) return p === q ? byName(a, b) : p === 0 ? 1 : -1;
      return (price[a]! - price[b]!) * direction || byName(a, b);
    };
  }

  /**
   * Each field's value counts over the hits, keyed as `document[field]` reads. Keys come in the
   * order the hits first show them, as when counting straight into an object; with `inOrder`, in
   * the order they would first show in the hits sorted by it (a browse without words counted its
   * hits once sorted), without sorting the hits: each value's first hit in that order is kept.
   */
  countFacets(
    hits: ArrayLike<number>,
    fields: readonly FacetField[],
    inOrder?: Compare,
  ): Partial<Record<FacetField, Record<string, number>>> {
    const result: Partial<Record<FacetField, Record<string, number>>> = {};
    for (const field of fields) {
      if (isProfileFacet(field)) {
        // Most held first: a list facet's values are not the hits' order.
        result[field] = this.lists[field].count(hits);
        continue;
      }
      const { ids, values } = this.facets[field];
      const counts = new Int32Array(values.length);
      const seen: number[] = [];
      if (inOrder) {
        const first = new Int32Array(values.length);
        for (let i = 0; i < hits.length; i++) {
          const n = hits[i]!;
          const id = ids[n]!;
          const count = counts[id]!;
          counts[id] = count + 1;
          if (count === 0) {
            first[id] = n;
            seen.push(id);
          } else if (inOrder(n, first[id]!) < 0) first[id] = n;
        }
        seen.sort((x, y) => inOrder(first[x]!, first[y]!));
      } else {
        for (let i = 0; i < hits.length; i++) {
          const id = ids[hits[i]!]!;
          const count = counts[id]!;
          counts[id] = count + 1;
          if (count === 0) seen.push(id);
        }
      }
      // Prototype-free: a facet value may be any text, "constructor" or "__proto__" included.
      const object: Record<string, number> = Object.create(null);
      for (const id of seen) object[values[id]!] = counts[id]!;
      result[field] = object;
    }
    return result;
  }
}

/** A copy of a per-document array with room for document `number` (at least twice the size). */
function grown<T extends Uint8Array | Int32Array | Float64Array>(array: T, number: number): T {
  const copy = new (array.constructor as new (length: number) => T)(Math.max(array.length * 2, number + 1));
  copy.set(array);
  return copy;
}
