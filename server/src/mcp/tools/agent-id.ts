import { z } from 'zod';

/** An agent id as the tools answer it (a string, as the API's ids are); 64 characters at most, as the API takes. */
export const agentId = (what: string) =>
  z
    .string({ error: `${what} must be an agent id given as a string, such as "42"` })
    .trim()
    .min(1, `${what} must not be blank`)
    .max(64, `${what}: an agent id has at most 64 characters`);
