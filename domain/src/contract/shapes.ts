import { z } from 'zod';

// The building blocks of the API's contract (domain/src/contract/): one way to write an id, a time,
// a page, a bounded text, so every resource's shapes read alike, and docs/openapi.yaml (checked
// against them field by field: server/src/routes/api/docs/contract.test.ts) says the same of each.

/** A record's id as the API takes it in a path or a body: bounded, never empty. */
export const recordId = z.string().min(1).max(64);

/** A time the API answers: ISO 8601 in UTC, as the store keeps it. */
export const timestamp = z.string().meta({ format: 'date-time' });

/** `{ id }` in the path. */
export const IdParams = z.object({ id: recordId });

/** What every successful call that says nothing else answers. */
export const Success = z.strictObject({ success: z.literal(true) });
export type Success = z.infer<typeof Success>;

/** A success with a sentence for people. */
export const MessageAnswer = z.strictObject({ success: z.literal(true), message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswer>;

/**
 * One entry per key of a field list, each with the schema `schema(key)` gives it: shapes built from
 * AGENT_FIELDS this way gain a field when the list does, so no body or answer can miss it.
 */
export function fieldsShape<const K extends string, S extends z.ZodType>(
  keys: readonly K[],
  schema: (key: K) => S,
): { [P in K]: S } {
  return Object.fromEntries(keys.map((key) => [key, schema(key)])) as { [P in K]: S };
}

/** A query parameter holding a whole number from min to max; anything else is a 400 saying so. */
export function wholeNumber(min: number, max: number, fallback: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: message })
    .regex(/^\d{1,12}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message))
    .default(fallback);
}

/**
 * A request body that names every key it takes: a key it does not know is a 400 naming it, so a
 * field a client sends that the API has not learnt yet fails loudly instead of being dropped.
 */
export function strictBody<const S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}: not part of this request`
        : undefined,
  });
}

/** The limit and offset parameters of a paged list. */
export function pageQuery(limits: { defaultLimit: number; maxLimit: number; maxOffset: number }) {
  return {
    limit: wholeNumber(1, limits.maxLimit, limits.defaultLimit),
    offset: wholeNumber(0, limits.maxOffset, 0),
  };
}
