import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SPREADSHEET_COLUMNS } from '@agentry/domain/spreadsheet-cells';
import { importAgents } from '@agentry/platform/import/import-agents';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import * as XLSX from 'xlsx';

// The launcher's arguments live in plain CommonJS (it runs before anything is compiled).
const { apiNodeArgs } = require('../../bin/api-node-args.cjs') as { apiNodeArgs: () => string[] };

import { seededRandom } from '@agentry/domain/testing/seeded-random';
import { freePort, startProcess, stop, waitUntilReady } from './child-process';
import { syntheticAgent, syntheticAgents } from './synthetic-agents';

// `npm run bench:upload`: the admin upload as staff use it. A fresh DATA_DIR (optionally holding a
// catalog already), the API started as `npm start` starts it, an admin signs in and uploads an
// .xlsx of new agents (1 % of rows invalid) through POST /api/admin/upload while a second client
// asks /healthz every 20 ms. Prints how long the upload took end to end, how /healthz answered
// meanwhile, when the last uploaded agent was found by search, the same file uploaded again, and
// the whole catalog downloaded as ai_agents.xlsx (with /healthz watched again).
//
// Options: --rows 10000 (rows in the file) --catalog 0 (agents already listed) --workers 1
// (WEB_CONCURRENCY) --out FILE (the figures as JSON too).

const ADMIN = { username: 'bench-admin', password: 'bench admin password' };

function option(argv: string[], name: string, fallback: string): string {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1]! : fallback;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

function workbookOf(rows: number): { bytes: Buffer; lastName: string } {
  const random = seededRandom(2026);
  const sheet: string[][] = [[...SPREADSHEET_COLUMNS]];
  let lastName = '';
  for (let i = 0; i < rows; i++) {
    // Indices far above the catalog's, so every row is a new agent.
    const agent = syntheticAgent(10_000_000 + i, random);
    // One row in a hundred has no cost: the report must carry it.
    const cost = i % 100 === 99 ? '' : agent.cost;
    sheet.push([
      agent.name,
      agent.provider,
      agent.category,
      agent.role,
      agent.description,
      cost,
      agent.address,
    ]);
    if (cost) lastName = agent.name;
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Agents');
  return { bytes: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, lastName };
}

/** A browser's cookie jar for one origin, enough for the admin session. */
class Client {
  private cookie = '';
  constructor(readonly base: string) {}
  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(`${this.base}${pathname}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookie },
    });
    const set = response.headers.getSetCookie();
    if (set.length > 0) this.cookie = set.map((line) => line.split(';')[0]).join('; ');
    return response;
  }
  async token(): Promise<string> {
    return ((await (await this.fetch('/api/admin/csrf-token')).json()) as { csrf_token: string }).csrf_token;
  }
}

async function upload(client: Client, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'agents.xlsx');
  const started = performance.now();
  const response = await client.fetch('/api/admin/upload', {
    method: 'POST',
    body: form,
    headers: { 'X-CSRF-Token': await client.token() },
  });
  const body = (await response.json()) as { added?: number; skipped?: number; error?: string };
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${body.error}`);
  return { seconds: (performance.now() - started) / 1000, added: body.added!, skipped: body.skipped! };
}

/**
 * Asks `pathname` every 20 ms until stopped (by default /healthz, with nobody signed in); each
 * answer's latency and the event-loop figures /healthz reports. Through `client`, a signed-in
 * request: its session is touched (a store write) on every answer.
 */
function watchHealth(base: string, client?: Client, pathname = '/healthz') {
  const latencies: number[] = [];
  const loopMax: number[] = [];
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = client ? await client.fetch(pathname) : await fetch(`${base}${pathname}`);
        const body = (await response.json()) as { event_loop?: { max_ms: number } };
        if (response.status !== 200) failures += 1;
        latencies.push(performance.now() - started);
        if (body.event_loop) loopMax.push(body.event_loop.max_ms);
      } catch {
        failures += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return {
        answers: latencies.length,
        failures,
        p50_ms: Math.round(percentile(latencies, 50)),
        p99_ms: Math.round(percentile(latencies, 99)),
        max_ms: Math.round(Math.max(0, ...latencies)),
        event_loop_max_ms: Math.round(Math.max(0, ...loopMax)),
      };
    },
  };
}

async function main(argv: string[]) {
  const rows = Number(option(argv, 'rows', '10000'));
  const catalog = Number(option(argv, 'catalog', '0'));
  const workers = option(argv, 'workers', '1');
  const out = option(argv, 'out', '');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-bench-upload-'));
  const figures: Record<string, unknown> = {
    rows,
    catalog,
    workers: Number(workers),
    cores: os.cpus().length,
  };
  try {
    if (catalog > 0) {
      const store = openSqliteStore(path.join(dataDir, 'agentry.db'));
      await importAgents(store, [...syntheticAgents(catalog)] as unknown as Record<string, unknown>[], {
        batchSize: 5000,
      });
      await store.close();
    }
    const { bytes, lastName } = workbookOf(rows);
    figures.file_mb = Number((bytes.length / 1024 / 1024).toFixed(2));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const api = startProcess(apiNodeArgs(), {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      WEB_CONCURRENCY: workers,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      await waitUntilReady(`${base}/healthz`, api);
      // Staff upload to a running site: wait until the catalog is searchable (the first start
      // after an import loads the index for some seconds), so the figures are the upload's own.
      if (catalog > 0) {
        const startedWaiting = performance.now();
        const first = [...syntheticAgents(1)][0]!;
        const probe = `${base}/api/search?${new URLSearchParams({ query: first.name })}`;
        while (
          !((await (await fetch(probe)).json()) as Array<{ name: string }>).some(
            (hit) => hit.name === first.name,
          )
        ) {
          if (performance.now() - startedWaiting > 300_000)
            throw new Error('catalog not searchable after 300 s');
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        // Every worker: each loads its own copy of the index.
        await new Promise((resolve) => setTimeout(resolve, 2000));
        figures.catalog_searchable_after_start_s = Number(
          ((performance.now() - startedWaiting) / 1000).toFixed(1),
        );
      }
      const admin = new Client(base);
      const login = await admin.fetch('/api/admin/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': await admin.token() },
        body: JSON.stringify(ADMIN),
      });
      if (!login.ok) throw new Error(`admin sign-in answered ${login.status}`);

      const health = watchHealth(base);
      // A second staff tab: its requests write (the session is touched) while the upload's
      // transaction holds the store's write lock.
      const session = watchHealth(base, admin, '/api/admin/me');
      const first = await upload(admin, bytes);
      figures.upload = first;
      figures.healthz_during_upload = await health.stop();
      figures.signed_in_reads_during_upload = await session.stop();

      const started = performance.now();
      const query = `${base}/api/search?${new URLSearchParams({ query: lastName })}`;
      for (;;) {
        const hits = (await (await fetch(query)).json()) as Array<{ name: string }>;
        if (hits.some((hit) => hit.name === lastName)) break;
        if (performance.now() - started > 120_000)
          throw new Error('uploaded agents not searchable after 120 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      figures.searchable_after_upload_s = Number(((performance.now() - started) / 1000).toFixed(2));
      figures.upload_again = await upload(admin, bytes);

      // The whole catalog back as ai_agents.xlsx: streamed, so /healthz should not notice.
      const watching = watchHealth(base);
      const downloadStarted = performance.now();
      const file = await admin.fetch('/api/admin/download-agents');
      const downloaded = Buffer.from(await file.arrayBuffer());
      figures.download = {
        status: file.status,
        seconds: Number(((performance.now() - downloadStarted) / 1000).toFixed(2)),
        mb: Number((downloaded.length / 1024 / 1024).toFixed(2)),
      };
      figures.healthz_during_download = await watching.stop();
    } finally {
      await stop(api);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
  if (out) fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`bench:upload failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
