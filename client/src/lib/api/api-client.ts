// The one place that talks HTTP to our API. Every call sends the session cookie (spec section 7);
// 200–299 is success, anything else becomes an ApiError carrying the status and the server's text.

export class ApiError extends Error {
  readonly status: number;
  /** The parsed JSON body of the failed response (requires_subscription, field errors…), or null. */
  readonly body: Record<string, unknown> | null;

  constructor(status: number, message: string, body: Record<string, unknown> | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The server's message when the call reached it and it said why; otherwise `fallback` (spec section 8's wording). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body && typeof error.body.error === 'string'
    ? error.body.error
    : fallback;
}

/**
 * Like errorText, but a call that never reached the server (offline, refused) says so and asks to
 * try again: "Failed to create account" when the server refused without a reason, "Failed to
 * create account. Please try again." when it could not be reached.
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? errorText(error, fallback) : `${fallback}. Please try again.`;
}

/** Field errors a 400 carried ({ errors: { field: message } }), or {}. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body) return {};
  const errors = error.body.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function readError(response: Response): Promise<ApiError> {
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = await response.json();
    if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: fall through to the status text.
  }
  const message =
    typeof body?.error === 'string'
      ? body.error
      : typeof body?.message === 'string'
        ? body.message
        : response.statusText || `Request failed with status ${response.status}`;
  return new ApiError(response.status, message, body);
}

/** A JSON body is serialised; a FormData body (a file upload) goes as multipart, its boundary set by the browser. */
function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined && !(options.body instanceof FormData))
    headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: encodeBody(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw await readError(response);
  return response;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await (await send(path, options)).json()) as T;
}

/** GET of a file (a spreadsheet download): its bytes; a failure is an ApiError like any other call's. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await send(path, options)).blob();
}

/** One page of a paged list: its items, and how many there are in all. */
export interface ApiPage<T> {
  items: T[];
  total: number;
}

/**
 * GET of a paged list (the server's X-Total-Count header gives the total). A page without the
 * header counts what it holds, as a server that answers the whole list would.
 */
export async function apiPage<T>(path: string, options: RequestOptions = {}): Promise<ApiPage<T>> {
  const response = await send(path, options);
  const items = (await response.json()) as T[];
  const header = response.headers?.get('X-Total-Count');
  const total = header && /^\d+$/.test(header) ? Number(header) : items.length;
  return { items, total: Math.max(total, items.length) };
}

/** "/api/roles" + {category: "Finance"} → "/api/roles?category=Finance". */
export function withQuery(path: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
}
