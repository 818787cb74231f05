import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium';
import { freePort, percentile, REPO_ROOT, startProcess, stop, waitUntilReady } from './child-process';

const { apiNodeArgs } = require('../../bin/api-node-args.cjs') as { apiNodeArgs: () => string[] };

// `npm run bench:ui` (after `npm run build`): what a visitor's browser pays on the home page.
// (a) The gzip size of every script the home page loads on arrival, against a 150 KB budget.
// (b) With the API as its own process (as `npm start` runs it) and the demo catalog, the time from
//     pressing Enter in the search box to the result cards being on screen, over 20 queries.

const BUDGET_KB = 150;
const CLIENT_DIST = path.join(REPO_ROOT, 'client/dist');
const QUERIES = [
  'answer customer emails in Spanish',
  'take notes in my meetings',
  'reconcile bank transactions',
  'review code changes',
  'translate product documentation',
  'screen job applicants',
  'write blog posts for SEO',
  'chat with website visitors',
  'month-end close accruals',
  'find sales leads on LinkedIn',
  'transcribe podcast episodes',
  'draft contracts and NDAs',
  'build dashboards from our data',
  'scrape competitor prices',
  'tutor my kid in math',
  'design a logo',
  'schedule my calendar',
  'answer the phone for my clinic',
  'automate workflows between apps',
  'summarize research papers',
];

const log = (line: string) => process.stdout.write(`${line}\n`);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Scripts requested while the home page loads, as paths under client/dist. */
async function homeScripts(page: Page, base: string): Promise<string[]> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  return [...scripts].sort();
}

function reportBundle(scripts: string[]): void {
  log(`(a) JavaScript loaded by the home page (gzip level 9, kB = 1000 bytes):`);
  let total = 0;
  for (const script of scripts) {
    const file = path.join(CLIENT_DIST, script);
    const raw = fs.readFileSync(file);
    const gzipped = gzipSync(raw, { level: 9 }).length;
    total += gzipped;
    log(`    ${script.padEnd(44)} ${kb(raw.length).padStart(9)} raw  ${kb(gzipped).padStart(9)} gzip`);
  }
  const verdict = total / 1000 <= BUDGET_KB ? 'within' : 'OVER';
  log(
    `    total ${kb(total)} gzip: ${verdict} the ${BUDGET_KB} kB budget (${((total / 1000 / BUDGET_KB) * 100).toFixed(0)} %)`,
  );
}

/** Enter → cards painted, timed inside the page: keydown to the frame after the first card appears. */
async function timeSearch(
  page: Page,
  base: string,
  query: string,
): Promise<{ total: number; server: number }> {
  await page.goto(`${base}/`);
  const box = page.locator('#home-search-query');
  await box.fill(query);
  await page.evaluate(() => {
    const state = window as unknown as { enterAt?: number; renderedAt?: number };
    state.enterAt = undefined;
    state.renderedAt = undefined;
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter') state.enterAt = performance.now();
      },
      { capture: true, once: true },
    );
    const observer = new MutationObserver(() => {
      const done = document.querySelector('article.agent-card, .search-results .empty-state');
      if (!done) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        state.renderedAt = performance.now();
      });
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  const response = page.waitForResponse((candidate) => candidate.url().includes('/api/instantsearch/'));
  await box.press('Enter');
  const serverTiming = (await (await response).headerValue('server-timing')) ?? '';
  await page.waitForFunction(() => (window as unknown as { renderedAt?: number }).renderedAt !== undefined);
  const total = await page.evaluate(() => {
    const state = window as unknown as { enterAt: number; renderedAt: number };
    return state.renderedAt - state.enterAt;
  });
  return { total, server: Number(/dur=([\d.]+)/.exec(serverTiming)?.[1] ?? Number.NaN) };
}

async function main() {
  if (!fs.existsSync(path.join(CLIENT_DIST, 'index.html'))) {
    throw new Error('No client build in client/dist: run `npm run build` first.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-bench-ui-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`Agentry UI benchmark (${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version})`);
  // The compiled API, as `npm start` runs it (scripts/bin/api-node-args.cjs).
  const api = startProcess(apiNodeArgs(), {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_READS_PER_MINUTE: '100000',
  });
  const browser = await launchChromium();
  try {
    await waitUntilReady(`${base}/healthz`, api);
    await waitUntilReady(`${base}/api/search?query=ReplyRanch`, api);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    log(`    (Chromium ${browser.version()}, the API serving the demo catalog of 100 agents)`);
    reportBundle(await homeScripts(page, base));

    await timeSearch(page, base, 'warm up the page and the engine');
    const totals: number[] = [];
    const servers: number[] = [];
    for (const query of QUERIES) {
      const { total, server } = await timeSearch(page, base, query);
      totals.push(total);
      servers.push(server);
    }
    totals.sort((a, b) => a - b);
    servers.sort((a, b) => a - b);
    log(`(b) Enter → result cards on screen, ${QUERIES.length} different queries:`);
    log(
      `    p50 ${ms(percentile(totals, 0.5))}  p95 ${ms(percentile(totals, 0.95))}  min ${ms(totals[0]!)}  max ${ms(totals[totals.length - 1]!)}`,
    );
    log(
      `    of which the search on the server: p50 ${percentile(servers, 0.5).toFixed(1)} ms  p95 ${percentile(servers, 0.95).toFixed(1)} ms`,
    );
  } finally {
    await browser.close();
    await stop(api);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
