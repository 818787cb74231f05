import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { z } from 'zod';
import { OPENAPI_FILE } from '../routes/api/docs/docs.routes';
import { OPERATION_ANSWERS } from './operation-answers';

// Every JSON answer the integration tests receive, held against the contract at run time: the
// compiler checks the code's types against domain/src/contract/ (`satisfies`, presenters' return
// types), but a spread of a wider object, a cast or a hand-built string slips past it. Here the
// answer itself is parsed with the operation's schema (strict objects: an extra field fails as
// surely as a missing one), and the request fails naming the operation and the path of the first
// mismatches. Which operation a request reached comes from docs/openapi.yaml's paths.

type Json = { [key: string]: unknown };

/** Each documented path's operation ids by method: all of docs/openapi.yaml this check reads. */
type OperationIds = Record<string, Record<string, string>>;

interface Operation {
  method: string;
  pattern: RegExp;
  /** Literal segments: where two templates match, the one with more wins (/agents/count over /agents/{id}). */
  literals: number;
  operationId: string;
  schema: z.ZodType;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function operationIdsOf(root: Json): OperationIds {
  const ids: OperationIds = {};
  for (const [path, item] of Object.entries(root.paths as Json)) {
    ids[path] = {};
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      if (operation) ids[path]![method] = String(operation.operationId);
    }
  }
  return ids;
}

/**
 * The operation ids of docs/openapi.yaml (275 kB). Parsing its YAML took 0.2-0.3 s in each of the
 * ~130 server test files: the ids are kept in a JSON file named by the description's hash, so
 * the first file of a run parses it and the others read the JSON (an edited description has
 * another hash, hence is parsed again). Written to a temporary name and renamed, since two jest
 * lanes may write it at once.
 */
function readOperationIds(file = OPENAPI_FILE): OperationIds {
  const text = fs.readFileSync(file, 'utf8');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const cacheFile = path.join(os.tmpdir(), `agentry-openapi-operations-${hash}.json`);
  try {
    return JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as OperationIds;
  } catch {
    // Not there yet (or half a file from an interrupted run): parsed and written below.
  }
  // js-yaml is jest's own dependency (no types of its own).
  const yaml = require('js-yaml') as { safeLoad(text: string): unknown };
  const ids = operationIdsOf(yaml.safeLoad(text) as Json);
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, JSON.stringify(ids));
    fs.renameSync(temporary, cacheFile);
  } catch {
    // A read-only temporary directory: every file parses the YAML, as before.
    fs.rmSync(temporary, { force: true });
  }
  return ids;
}

function operationsOf(ids: OperationIds): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(ids)) {
    for (const method of METHODS) {
      const operationId = item[method] ?? '';
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
  cached ??= operationsOf(readOperationIds());
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
