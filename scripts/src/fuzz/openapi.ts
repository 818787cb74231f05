import fs from 'node:fs';
import path from 'node:path';
import { parseYaml } from './yaml-subset';

// The operations of docs/openapi.yaml, with their $refs resolved: what the fuzzer sends requests
// to. A new endpoint described there is fuzzed without any change here.

export const OPENAPI_FILE = path.resolve(__dirname, '../../../docs/openapi.yaml');

/** A JSON Schema as the description writes it (resolved: no $ref left). */
export type Schema = { [key: string]: unknown };

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

/** Who the operation is meant for, read from its security and its 401 answer. */
export type Audience = 'public' | 'session' | 'signed-in' | 'admin';

export interface Operation {
  /** operationId, or "METHOD /path" when there is none. */
  id: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** Media type to schema; null when the operation takes no body. */
  body: { required: boolean; content: Record<string, Schema> } | null;
  audience: Audience;
  /** The CSRF token is required (state changes with a session). */
  csrf: boolean;
  /** An employer API key opens it (its security lists `employerKey`). */
  apiKey: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

type Json = { [key: string]: unknown };

/** Replaces every {"$ref": "#/..."} by what it points to (siblings of the $ref win). */
export function resolveRefs(value: unknown, root: Json, seen: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, root, seen));
  if (!value || typeof value !== 'object') return value;
  const { $ref, ...rest } = value as Json;
  const own = Object.fromEntries(
    Object.entries(rest).map(([key, item]) => [key, resolveRefs(item, root, seen)]),
  );
  if (typeof $ref !== 'string') return own;
  if (seen.includes($ref)) throw new Error(`circular $ref ${$ref}`);
  const target = $ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>(
      (node, key) => (node as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      root,
    );
  if (target === undefined) throw new Error(`unknown $ref ${$ref}`);
  const resolved = resolveRefs(target, root, [...seen, $ref]);
  return resolved && typeof resolved === 'object' && !Array.isArray(resolved)
    ? { ...resolved, ...own }
    : resolved;
}

function audienceOf(operation: Json): { audience: Audience; csrf: boolean; apiKey: boolean } {
  const security = (operation.security as Json[] | undefined) ?? [];
  const schemes = security.flatMap((requirement) => Object.keys(requirement));
  const csrf = schemes.includes('csrf');
  const apiKey = schemes.includes('employerKey');
  return { ...sessionAudienceOf(operation, schemes, csrf), apiKey };
}

function sessionAudienceOf(
  operation: Json,
  schemes: string[],
  csrf: boolean,
): { audience: Audience; csrf: boolean } {
  if (schemes.includes('adminSession')) return { audience: 'admin', csrf };
  // "Please sign in to continue." (the Unauthorized answer) marks the calls for signed-in users;
  // other calls with a session only need one to carry the CSRF token (sign-in, registration).
  const unauthorized = (operation.responses as Json | undefined)?.['401'] as Json | undefined;
  if (schemes.includes('session') && String(unauthorized?.$ref ?? '').endsWith('/Unauthorized')) {
    return { audience: 'signed-in', csrf };
  }
  if (schemes.includes('session') && csrf) return { audience: 'session', csrf };
  return { audience: 'public', csrf };
}

/** Every operation of the description, in its order. */
export function readOperations(file = OPENAPI_FILE): Operation[] {
  const root = parseYaml(fs.readFileSync(file, 'utf8')) as Json;
  const operations: Operation[] = [];
  for (const [route, item] of Object.entries(root.paths as Json)) {
    const pathItem = item as Json;
    for (const method of METHODS) {
      const raw = pathItem[method] as Json | undefined;
      if (!raw) continue;
      const resolved = resolveRefs(raw, root) as Json;
      const shared = (resolveRefs(pathItem.parameters ?? [], root) as Parameter[]) ?? [];
      const parameters = [...shared, ...((resolved.parameters as Parameter[] | undefined) ?? [])].map(
        (parameter) => ({
          ...parameter,
          required: parameter.required === true,
          schema: parameter.schema ?? {},
        }),
      );
      const requestBody = resolved.requestBody as { required?: boolean; content?: Json } | undefined;
      const content = Object.fromEntries(
        Object.entries(requestBody?.content ?? {}).map(([type, media]) => {
          const { schema = {}, example } = media as { schema?: Schema; example?: unknown };
          return [type, example === undefined ? schema : { ...schema, example }];
        }),
      );
      operations.push({
        id:
          typeof resolved.operationId === 'string'
            ? resolved.operationId
            : `${method.toUpperCase()} ${route}`,
        method: method.toUpperCase(),
        path: route,
        parameters,
        body: requestBody ? { required: requestBody.required === true, content } : null,
        ...audienceOf(raw),
      });
    }
  }
  return operations;
}
