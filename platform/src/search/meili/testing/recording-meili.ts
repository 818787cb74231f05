import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in of Meilisearch's HTTP API for tests that cannot run Meilisearch (FACTS.md): it records
// every request the real client (meilisearch 0.62.0) sends and answers each route with the shape
// the documentation of v1.28.2 gives for it (documented-api.ts has the examples and where they
// come from). Asynchronous routes answer a summarized task (202); GET /tasks/:uid answers
// "processing" the first time and "succeeded" after, so the client's polling is exercised. It is
// not a search engine: searches answer what the test's `search` handler returns.

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
}

export interface SearchAnswer {
  hits?: Array<Record<string, unknown>>;
  facetDistribution?: Record<string, Record<string, number>>;
  estimatedTotalHits?: number;
  totalHits?: number;
}

export interface RecordingMeiliOptions {
  /** Answers POST /indexes/:uid/search and each query of POST /multi-search. */
  search?: (indexUid: string, body: Record<string, unknown>) => SearchAnswer;
  /** Tasks that fail, by type (e.g. settingsUpdate), with this error. */
  failTasks?: Record<string, { message: string; code: string }>;
}

interface TaskRecord {
  uid: number;
  indexUid: string | null;
  type: string;
  polls: number;
}

export class RecordingMeili {
  readonly requests: RecordedRequest[] = [];
  readonly keys: Array<Record<string, unknown>> = [];
  private readonly tasks = new Map<number, TaskRecord>();
  private nextTask = 0;
  private server: http.Server | undefined;
  url = '';

  constructor(private readonly options: RecordingMeiliOptions = {}) {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const request: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          body: raw ? JSON.parse(raw) : undefined,
          authorization: req.headers.authorization,
        };
        this.requests.push(request);
        const [status, answer] = this.answer(request);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(answer === undefined ? '' : JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The recorded requests of one method and path pattern. */
  find(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && path.test(request.path));
  }

  private enqueue(type: string, indexUid: string | null): [number, unknown] {
    const uid = this.nextTask++;
    this.tasks.set(uid, { uid, indexUid, type, polls: 0 });
    // The summarized task of an asynchronous route, as in the v1.28.2 examples (documented-api.ts).
    return [202, { taskUid: uid, indexUid, status: 'enqueued', type, enqueuedAt: new Date().toISOString() }];
  }

  private answer(request: RecordedRequest): [number, unknown] {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const routes: Array<[string[], RegExp, (param: string) => [number, unknown]]> = [
      [['GET'], /^\/health$/, () => [200, { status: 'available' }]],
      [['POST'], /^\/indexes$/, () => this.enqueue('indexCreation', String(body.uid))],
      [['DELETE'], /^\/indexes\/([^/]+)$/, (uid) => this.enqueue('indexDeletion', uid)],
      [['PATCH'], /^\/indexes\/([^/]+)\/settings$/, (uid) => this.enqueue('settingsUpdate', uid)],
      [
        ['POST', 'PUT'],
        /^\/indexes\/([^/]+)\/documents$/,
        (uid) => this.enqueue('documentAdditionOrUpdate', uid),
      ],
      [
        ['POST'],
        /^\/indexes\/([^/]+)\/documents\/delete-batch$/,
        (uid) => this.enqueue('documentDeletion', uid),
      ],
      [['POST'], /^\/swap-indexes$/, () => this.enqueue('indexSwap', null)],
      [['GET'], /^\/tasks\/(\d+)$/, (uid) => this.task(Number(uid))],
      [['POST'], /^\/indexes\/([^/]+)\/search$/, (uid) => [200, this.searchAnswer(uid, body)]],
      [['POST'], /^\/multi-search$/, () => [200, this.multiSearch(body)]],
      [['GET'], /^\/keys$/, () => this.listKeys(request.query)],
      [['POST'], /^\/keys$/, () => [201, this.createKey(body)]],
      [['DELETE'], /^\/keys\/([^/]+)$/, (uid) => this.deleteKey(uid)],
    ];
    for (const [verbs, route, handle] of routes) {
      const match = verbs.includes(request.method) ? route.exec(request.path) : null;
      if (match) return handle(match[1] ?? '');
    }
    const message = `No route ${request.method} ${request.path} in the stand-in`;
    return [404, { message, code: 'not_found', type: 'invalid_request' }];
  }

  private listKeys(query: Record<string, string>): [number, unknown] {
    const offset = Number(query.offset ?? 0);
    const limit = Number(query.limit ?? 20);
    return [
      200,
      { results: this.keys.slice(offset, offset + limit), offset, limit, total: this.keys.length },
    ];
  }

  private deleteKey(uid: string): [number, unknown] {
    const at = this.keys.findIndex((key) => key.uid === uid);
    if (at >= 0) this.keys.splice(at, 1);
    return [204, undefined];
  }

  /** A key as POST /keys answers it: the value is a fresh 64-hex string (Meilisearch derives it from the uid). */
  private createKey(body: Record<string, unknown>): Record<string, unknown> {
    const now = new Date().toISOString();
    const key = {
      uid: body.uid ?? randomUUID(),
      key: randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, ''),
      name: body.name ?? null,
      description: body.description ?? null,
      actions: body.actions,
      indexes: body.indexes,
      expiresAt: body.expiresAt ?? null,
      createdAt: now,
      updatedAt: now,
    };
    this.keys.push(key);
    return key;
  }

  private task(uid: number): [number, unknown] {
    const task = this.tasks.get(uid);
    if (!task)
      return [
        404,
        { message: `Task \`${uid}\` not found.`, code: 'task_not_found', type: 'invalid_request' },
      ];
    task.polls += 1;
    const failure = this.options.failTasks?.[task.type];
    const status = task.polls === 1 ? 'processing' : failure ? 'failed' : 'succeeded';
    return [
      200,
      {
        uid: task.uid,
        indexUid: task.indexUid,
        status,
        type: task.type,
        canceledBy: null,
        details: {},
        error: status === 'failed' ? { ...failure, type: 'invalid_request', link: '' } : null,
        duration: status === 'processing' ? null : 'PT0.001S',
        enqueuedAt: new Date().toISOString(),
        startedAt: new Date().toISOString(),
        finishedAt: status === 'processing' ? null : new Date().toISOString(),
      },
    ];
  }

  private searchAnswer(indexUid: string, body: Record<string, unknown>): Record<string, unknown> {
    const found = this.options.search?.(indexUid, body) ?? {};
    const hits = found.hits ?? [];
    const paged = body.page !== undefined || body.hitsPerPage !== undefined;
    const total = found.totalHits ?? found.estimatedTotalHits ?? hits.length;
    return {
      hits,
      query: body.q ?? '',
      processingTimeMs: 1,
      ...(paged
        ? { page: body.page ?? 1, hitsPerPage: body.hitsPerPage ?? 20, totalHits: total, totalPages: 1 }
        : { limit: body.limit ?? 20, offset: body.offset ?? 0, estimatedTotalHits: total }),
      ...(found.facetDistribution ? { facetDistribution: found.facetDistribution } : {}),
    };
  }

  private multiSearch(body: Record<string, unknown>): Record<string, unknown> {
    const queries = (body.queries ?? []) as Array<Record<string, unknown>>;
    if (body.federation) {
      const hits = queries.flatMap((query, position) =>
        (
          (this.options.search?.(String(query.indexUid), query).hits ?? []) as Array<Record<string, unknown>>
        ).map((hit) => ({ ...hit, _federation: { indexUid: query.indexUid, queriesPosition: position } })),
      );
      const federation = body.federation as { limit?: number; offset?: number };
      return {
        hits,
        processingTimeMs: 1,
        limit: federation.limit ?? 20,
        offset: federation.offset ?? 0,
        estimatedTotalHits: hits.length,
      };
    }
    return {
      results: queries.map((query) => ({
        indexUid: query.indexUid,
        ...this.searchAnswer(String(query.indexUid), query),
      })),
    };
  }
}
