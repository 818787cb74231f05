import type { Request } from 'express';
import type { z } from 'zod';
import { badRequest } from './errors';

/** Parses part of a request with a zod schema; the first problem becomes a 400 with its message. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw badRequest(`${where}${issue.message}`);
  }
  return result.data;
}

export const parseQuery = <S extends z.ZodType>(schema: S, req: Request) => parse(schema, req.query);
export const parseBody = <S extends z.ZodType>(schema: S, req: Request) => parse(schema, req.body ?? {});
