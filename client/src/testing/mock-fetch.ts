// jsdom has no fetch. Tests describe the API they expect as routes; anything else fails loudly.

export interface FakeRoute {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path with its query string ("/api/roles?category=Finance"), or a pattern. */
  path: string | RegExp;
  status?: number;
  body?: unknown;
  /** Response headers (X-Total-Count of a paged list…). */
  headers?: Record<string, string>;
  /** Simulates a network failure (fetch rejects). */
  networkError?: boolean;
  /** Answers only once this promise settles, to observe loading states. */
  wait?: Promise<unknown>;
}

export interface FakeResponse {
  ok: boolean;
  status: number;
  statusText: string;
  headers?: { get: (name: string) => string | null };
  json: () => Promise<unknown>;
  blob?: () => Promise<Blob>;
}

export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): FakeResponse {
  const byName = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 404 ? 'Not Found' : status >= 400 ? 'Error' : 'OK',
    headers: { get: (name) => byName.get(name.toLowerCase()) ?? null },
    json: async () => body,
    blob: async () => (body instanceof Blob ? body : new Blob([JSON.stringify(body)])),
  };
}

function matches(route: FakeRoute, method: string, url: string): boolean {
  if ((route.method ?? 'GET') !== method) return false;
  return typeof route.path === 'string' ? route.path === url : route.path.test(url);
}

export type FetchMock = jest.Mock<Promise<FakeResponse>, [string, RequestInit?]>;

/** Installs a fake global fetch answering `routes` (first match wins) and returns it for assertions. */
export function mockFetch(routes: FakeRoute[]): FetchMock {
  const fake: FetchMock = jest.fn(async (input: string, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const route = routes.find((candidate) => matches(candidate, method, input));
    if (!route) throw new Error(`Unexpected fetch: ${method} ${input}`);
    if (route.wait) await route.wait;
    if (route.networkError) throw new TypeError('Failed to fetch');
    return jsonResponse(route.body ?? null, route.status ?? 200, route.headers);
  });
  globalThis.fetch = fake as unknown as typeof fetch;
  return fake;
}

/** The calls a fetch mock received, as "METHOD path". */
export function calls(fake: FetchMock): string[] {
  return fake.mock.calls.map(([url, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${url}`);
}

/** A promise to resolve by hand. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
