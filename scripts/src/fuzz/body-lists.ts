import type { Schema } from './openapi';

// The lists a request body may carry, read from its schema in docs/openapi.yaml: how many items
// each declares at most, and whether each item is a unit of work (an object: a search of a
// multi-search). The cost check (cost-check.ts) sends one past each bound; a list with no bound is
// a failure of its own, so an endpoint added later cannot take an unbounded list unnoticed.

/** A step into a body: a property, or the first item of a list. */
export type Step = string | 0;

export interface BodyList {
  /** Where the list sits in the body, e.g. ['requests', 0, 'params', 'facetFilters']. */
  path: Step[];
  /** maxItems, or x-max-values (every value of nested lists, counted together); null when none. */
  max: number | null;
  /** Counted through nested lists (x-max-values), as facet filter values are. */
  nested: boolean;
  /** Each item is an object: a unit of work the client pays for (x-units: per-item). */
  batch: boolean;
}

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null;

export function bodyLists(schema: Schema, path: Step[] = []): BodyList[] {
  const lists: BodyList[] = [];
  const variants = ['allOf', 'oneOf', 'anyOf'].flatMap((key) =>
    Array.isArray(schema[key]) ? (schema[key] as unknown[]).filter(isSchema) : [],
  );
  for (const variant of variants) lists.push(...bodyLists(variant, path));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('array')) {
    const nestedMax = typeof schema['x-max-values'] === 'number' ? schema['x-max-values'] : null;
    const items = isSchema(schema.items) ? schema.items : {};
    const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : null;
    lists.push({
      path,
      max: nestedMax ?? maxItems,
      nested: nestedMax !== null,
      batch: (Array.isArray(items.type) ? items.type : [items.type]).includes('object'),
    });
    // Values of nested lists are counted by their outer list's x-max-values.
    if (nestedMax === null) lists.push(...bodyLists(items, [...path, 0]));
  }
  if (isSchema(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (isSchema(property)) lists.push(...bodyLists(property, [...path, name]));
    }
  }
  return lists;
}

/** A copy of `body` with `value` at `path` (lists keep their first item only on the way). */
export function withValueAt(body: unknown, path: Step[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [step, ...rest] = path;
  if (step === 0) {
    const first = Array.isArray(body) && body.length > 0 ? body[0] : {};
    return [withValueAt(first, rest, value)];
  }
  const object = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  return {
    ...object,
    [step as string]: withValueAt((object as Record<string, unknown>)[step as string], rest, value),
  };
}

/** The value at `path` in `body`, or undefined. */
export function valueAt(body: unknown, path: Step[]): unknown {
  let here = body;
  for (const step of path) {
    if (step === 0) here = Array.isArray(here) ? here[0] : undefined;
    else
      here = typeof here === 'object' && here !== null ? (here as Record<string, unknown>)[step] : undefined;
  }
  return here;
}

/** The first string found in a value (nested lists included), for filling a list with copies. */
export function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    for (const item of value) {
      const found = firstString(item);
      if (found !== undefined) return found;
    }
  return undefined;
}

/** `count` items for the list: copies of its example's first item, or for nested lists one group of values. */
export function itemsFor(list: BodyList, example: unknown, count: number): unknown[] {
  if (list.nested) return [Array.from({ length: count }, () => firstString(example) ?? 'x')];
  const first = Array.isArray(example) && example.length > 0 ? example[0] : list.batch ? {} : 'x';
  return Array.from({ length: count }, () => first);
}
