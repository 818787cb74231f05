import fs from 'node:fs';
import type { z } from 'zod';
import { OPENAPI_FILE } from '../routes/api/docs/docs.routes';
import { OPERATION_ANSWERS } from './operation-answers';

// Every JSON answer the integration tests receive, held against the contract at run time: the
// compiler checks the code's types against domain/src/contract/ (`satisfies`, presenters' return
// types), but a spread of a wider object, a cast or a hand-built string slips past it. Here the
// answer itself is parsed with the operation's schema (strict objects: an extra field fails as
// surely as a missing one), and the request fails naming the operation and the path of the first
// mismatches. Which operation a request reached comes from docs/openapi.yaml's paths.

// js-yaml is jest's own dependency (no types of its own).
const yaml = require('js-yaml') as { safeLoad(text: string): unknown };

type Json = { [key: string]: unknown };

interface Operation {
  method: string;
  pattern: RegExp;
  /** Literal segments: where two templates match, the one with more wins (/agents/count over /agents/{id}). */
  literals: number;
  operationId: string;
  schema: z.ZodType;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function operationsOf(root: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(root.paths as Json)) {
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      const operationId = operation ? String(operation.operationId) : '';
      const schema = OPERATION_ANSWERS[operationId];
      if (!schema) continue;
      const segments = path.split('/');
      const pattern = new RegExp(
        `^${segments.map((part) => (/^\{.+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`,
      );
      const literals = segments.filter((part) => !/^\{.+\}$/.test(part)).length;
      operations.push({ method: method.toUpperCase(), pattern, literals, operationId, schema });
    }
  }
  return operations.sort((a, b) => b.literals - a.literals);
}

let cached: Operation[] | null = null;
const operations = () => {
  cached ??= operationsOf(yaml.safeLoad(fs.readFileSync(OPENAPI_FILE, 'utf8')) as Json);
  return cached;
};

/** The documented operation a request reached, if its answer is in the contract. */
export function operationFor(method: string, url: string): Operation | undefined {
  const path = new URL(url, 'http://answer.test').pathname;
  return operations().find(
    (operation) => operation.method === method.toUpperCase() && operation.pattern.test(path),
  );
}

/** How many issues a failure lists at most (the first few say where to look). */
const ISSUES_SHOWN = 5;

/**
 * What is wrong with a success answer's body, as `GET /api/x (operationId): body.agents[0].name:
 * Invalid input…`, or null when it matches the contract (or is not a JSON success answer of a
 * contract operation: errors, HTML, health probes and the operations the contract leaves out).
 */
export function contractMismatch(
  method: string,
  url: string,
  status: number,
  contentType: string | undefined,
  body: unknown,
): string | null {
  if (status < 200 || status >= 300 || !contentType?.includes('application/json')) return null;
  const operation = operationFor(method, url);
  if (!operation) return null;
  const parsed = operation.schema.safeParse(body);
  if (parsed.success) return null;
  const issues = parsed.error.issues.slice(0, ISSUES_SHOWN).map((issue) => {
    const where = issue.path.reduce<string>(
      (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${String(key)}`),
      'body',
    );
    const keys = 'keys' in issue && Array.isArray(issue.keys) ? ` (${issue.keys.join(', ')})` : '';
    return `${where}: ${issue.message}${keys}`;
  });
  const more =
    parsed.error.issues.length > ISSUES_SHOWN
      ? `; and ${parsed.error.issues.length - ISSUES_SHOWN} more`
      : '';
  const path = new URL(url, 'http://answer.test').pathname;
  return `${method.toUpperCase()} ${path} (${operation.operationId}) answered outside the contract: ${issues.join('; ')}${more}`;
}
