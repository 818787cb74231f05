import { solidPng } from '@agentry/platform/outbound/testing/pictures';
import { workbookOf } from '@agentry/platform/spreadsheet/test-zips';
import type { RawRequest } from './client';
import type { Operation } from './openapi';
import type { Rng } from './rng';
import { type Hints, sample } from './sample';

// A request before it is sent, in parts a bad input can change one at a time: the path's ids, the
// query string, headers and the body (JSON, or the files of a multipart upload).

export interface UploadPart {
  field: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

export interface Draft {
  /** Values of the path's {params}; sent percent-encoded unless named in `rawPath`. */
  pathParams: Record<string, string>;
  rawPath: Set<string>;
  /** Query pairs, already encoded ("name=value" or a raw oddity such as "a[b]=1"). */
  query: string[];
  headers: Record<string, string>;
  /** A JSON value to send, `undefined` for none. */
  body?: unknown;
  /** Bytes sent as they are (replaces `body`). */
  rawBody?: Buffer;
  /** The parts of a multipart/form-data body (replaces `body`). */
  parts?: UploadPart[];
  contentType?: string;
}

export const MULTIPART = 'multipart/form-data';
const BOUNDARY = '----agentryfuzz7MA4YWxkTrZu0gW';

/** The media type the operation's body is sent as: JSON when it takes it. */
export function bodyType(operation: Operation): string | undefined {
  const types = Object.keys(operation.body?.content ?? {});
  return types.find((type) => type === 'application/json') ?? types[0];
}

/** A spreadsheet of two valid rows, the upload a bad one is made from. */
export function validWorkbook(): Buffer {
  return workbookOf([
    ['Name', 'Provider', 'Category', 'Role', 'Description', 'Cost', 'Address'],
    ['FuzzFinch', 'Fuzz Labs', 'Finance', 'Bookkeeper', 'Sorts receipts.', '$5/month', 'fuzzfinch.example'],
  ]);
}

export function encodeQueryValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be encoded as UTF-8: send the bytes a careless encoder would.
    return Buffer.from(value, 'utf8').toString('hex').replace(/(..)/g, '%$1');
  }
}

/** A request the operation accepts, as far as the schema says and the seeded store allows. */
export function baseDraft(
  operation: Operation,
  pathValue: (name: string) => string,
  hints: Hints,
  rng: Rng,
): Draft {
  const draft: Draft = { pathParams: {}, rawPath: new Set(), query: [], headers: {} };
  // From the path itself: a preflight describes no parameters but has the ids in its path too.
  for (const [, name] of operation.path.matchAll(/\{(\w+)\}/g)) draft.pathParams[name!] = pathValue(name!);
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') continue;
    const wanted = parameter.required || rng.chance(parameter.in === 'query' ? 0.5 : 0.3);
    if (!wanted) continue;
    const value = String(sample(parameter.schema, hints, parameter.name));
    if (parameter.in === 'query') draft.query.push(`${parameter.name}=${encodeQueryValue(value)}`);
    if (parameter.in === 'header') draft.headers[parameter.name.toLowerCase()] = value;
  }
  if (operation.method === 'OPTIONS') {
    draft.headers.origin = 'https://elsewhere.example';
    draft.headers['access-control-request-method'] = 'GET';
  }
  const type = bodyType(operation);
  if (type === MULTIPART) {
    draft.contentType = `${MULTIPART}; boundary=${BOUNDARY}`;
    // The one file each upload takes: a provider's logo is a picture (issue 25), staff's a workbook.
    draft.parts = [
      operation.id === 'uploadAgentLogo'
        ? { field: 'file', filename: 'logo.png', type: 'image/png', data: solidPng(8, 8) }
        : { field: 'file', filename: 'agents.xlsx', type: 'application/octet-stream', data: validWorkbook() },
    ];
  } else if (type) {
    draft.contentType = type;
    const value = sample(operation.body!.content[type]!, hints);
    // A text body (the beacon's) carries the JSON as text.
    if (type === 'text/plain')
      draft.rawBody = Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
    else draft.body = value;
  }
  return draft;
}

export function multipartBody(parts: UploadPart[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"${filename}${type}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The bytes and headers that go out. */
export function assemble(operation: Operation, draft: Draft): RawRequest {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = draft.pathParams[name] ?? '';
    return draft.rawPath.has(name) ? value : encodeQueryValue(value);
  });
  const query = draft.query.length > 0 ? `?${draft.query.join('&')}` : '';
  const headers = { ...draft.headers };
  let body: Buffer | undefined;
  if (draft.rawBody !== undefined) body = draft.rawBody;
  else if (draft.parts !== undefined) body = multipartBody(draft.parts);
  else if (draft.body !== undefined) body = Buffer.from(JSON.stringify(draft.body));
  if (draft.contentType !== undefined && body !== undefined) headers['content-type'] = draft.contentType;
  return { method: operation.method, path: `${path}${query}`, headers, body };
}
