import type { Schema } from './openapi';

// A value a schema accepts: the starting point each bad input changes one thing of, so that the
// request gets past everything else and the change itself is what the server must refuse.

/**
 * Values the store holds (ids of seeded records) or that a field's name asks for, by field name;
 * a function gives a new value each time (names and e-mails that must not repeat).
 */
export type Hints = Record<string, unknown>;

const hinted = (hints: Hints, name: string) => {
  const hint = hints[name];
  return typeof hint === 'function' ? (hint as () => unknown)() : hint;
};

const PATTERN_CANDIDATES = ['abc', 'x-1', '+1 555 0100', 'cs_test_abcdefgh12', '12345', 'a'];

function firstSchema(schema: Schema): Schema {
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key] as Schema[] | undefined;
    if (options?.length) return { ...schema, [key]: undefined, ...options[0] };
  }
  const all = schema.allOf as Schema[] | undefined;
  if (all?.length) {
    const merged: Schema = { ...schema, allOf: undefined };
    for (const part of all) {
      const resolved = firstSchema(part);
      merged.type ??= resolved.type;
      merged.properties = { ...(merged.properties as object), ...(resolved.properties as object) };
      merged.required = [
        ...((merged.required as string[]) ?? []),
        ...((resolved.required as string[]) ?? []),
      ];
    }
    return merged;
  }
  return schema;
}

/** The schema's type, the first one that is not null when it lists several. */
export function typeOf(schema: Schema): string | undefined {
  const resolved = firstSchema(schema);
  const type = resolved.type;
  if (Array.isArray(type)) return type.find((item) => item !== 'null') as string | undefined;
  if (typeof type === 'string') return type;
  if (resolved.properties) return 'object';
  if (resolved.items) return 'array';
  if (Array.isArray(resolved.enum)) return typeof resolved.enum[0];
  if (resolved.const !== undefined) return typeof resolved.const;
  return undefined;
}

function sampleString(schema: Schema, counter: () => number): string {
  const format = schema.format as string | undefined;
  let value =
    format === 'email'
      ? `fuzz-${counter()}@example.com`
      : format === 'password'
        ? 'correct horse battery staple'
        : format === 'uri'
          ? 'https://fuzz.example'
          : format === 'date-time'
            ? new Date(0).toISOString()
            : format === 'date'
              ? '2026-01-05'
              : 'fuzz';
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern as string);
    if (!pattern.test(value))
      value = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate)) ?? value;
  }
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Number.POSITIVE_INFINITY);
  if (value.length < min) value = value.padEnd(min, 'z');
  return value.slice(0, max);
}

/**
 * A value that `schema` accepts. `hints` give values by property name (the ids the store holds);
 * examples come next, then the first enum value, const or default, then a made-up one.
 */
export function sample(schema: Schema, hints: Hints = {}, name?: string): unknown {
  return sampleWith(schema, hints, name, 0, () => {
    made += 1;
    return made;
  });
}

/** Made-up e-mail addresses are numbered, so each one is new in the run. */
let made = 0;

function sampleWith(
  schema: Schema,
  hints: Hints,
  name: string | undefined,
  depth: number,
  counter: () => number,
): unknown {
  if (name !== undefined && name in hints) return hinted(hints, name);
  const resolved = firstSchema(schema);
  if (resolved.const !== undefined) return resolved.const;
  if (Array.isArray(resolved.enum)) return resolved.enum[0];
  const type = typeOf(resolved);
  if (resolved.example !== undefined && type !== 'object') return resolved.example;
  if (resolved.default !== undefined) return resolved.default;
  switch (type) {
    case 'string':
      return sampleString(resolved, counter);
    case 'integer':
    case 'number':
      return Math.max(Number(resolved.minimum ?? 1), Math.min(1, Number(resolved.maximum ?? 1)));
    case 'boolean':
      return true;
    case 'array': {
      if (depth > 4) return [];
      const items = (resolved.items as Schema | undefined) ?? {};
      const count = Math.max(1, Number(resolved.minItems ?? 1));
      return Array.from({ length: count }, () => sampleWith(items, hints, undefined, depth + 1, counter));
    }
    case 'object': {
      if (resolved.example !== undefined && typeof resolved.example === 'object') {
        return withHints(resolved.example as Record<string, unknown>, hints);
      }
      const properties = (resolved.properties as Record<string, Schema> | undefined) ?? {};
      if (depth > 4) return {};
      return Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [
          key,
          sampleWith(property, hints, key, depth + 1, counter),
        ]),
      );
    }
    default:
      return 'fuzz';
  }
}

/** An example object with the hinted fields set to the store's values (an example's ids exist nowhere). */
function withHints(example: Record<string, unknown>, hints: Hints): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(example).map(([key, value]) => [key, key in hints ? hinted(hints, key) : value]),
  );
}
