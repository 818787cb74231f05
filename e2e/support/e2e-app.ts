import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from '@agentry/scripts/browser/chromium';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type AppServer, startAppServer } from './app-server';
import { BROWSER_ENDPOINT } from './shared-browser';

// One server per test file, and the run's one Chromium (shared-browser.ts; launched here when the
// file runs without it); a fresh browser context (no cookies, no storage) per page, closed after
// each test. Uncaught errors in a page fail the test that caused them.

export interface PageOptions {
  width?: number;
  height?: number;
  /** For axe-core: the app's CSP allows no injected scripts. */
  bypassCSP?: boolean;
}

export interface E2eApp {
  server: AppServer;
  browser: Browser;
  /** A fresh page at `path` (relative to the server), once its main landmark is there. */
  open(path: string, options?: PageOptions): Promise<Page>;
  /** A fresh page that has not navigated yet (to set up routes first). */
  newPage(options?: PageOptions): Promise<Page>;
  /**
   * A page in a context of its own that stays open until the file's last test (its errors still
   * fail the test that caused them), for tests that each load their own address in it with
   * page.goto and leave nothing a later one reads (no sign-in, no form sent): a fresh context's
   * first page took 3-5 times as long to show as the next address loaded in the same page, which
   * has the app's script compiled and cached.
   */
  keptPage(options?: PageOptions): Promise<Page>;
}

export interface AppOptions {
  /** Settings for the server on top of the harness's (app-server.ts), e.g. ADMIN_USERNAME. */
  env?: Record<string, string>;
}

export function setUpApp(options: AppOptions = {}): () => E2eApp {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  const keptContexts: BrowserContext[] = [];
  let pageErrors: string[] = [];

  async function pageIn(closedWith: BrowserContext[], options: PageOptions): Promise<Page> {
    const context = await browser!.newContext({
      baseURL: server!.url,
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      bypassCSP: options.bypassCSP ?? false,
      reducedMotion: 'reduce',
    });
    closedWith.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    return page;
  }
  const newPage = (options: PageOptions = {}) => pageIn(contexts, options);

  const app: E2eApp = {
    get server() {
      return server!;
    },
    get browser() {
      return browser!;
    },
    newPage,
    keptPage: (options = {}) => pageIn(keptContexts, options),
    async open(pathname, options) {
      const page = await newPage(options);
      await visit(page, pathname);
      return page;
    },
  };

  beforeAll(async () => {
    let started = performance.now();
    const endpoint = process.env[BROWSER_ENDPOINT];
    browser = endpoint ? await connectOrLaunch(endpoint) : await launchChromium();
    phase(endpoint ? 'connected to the shared chromium' : 'chromium launched', started);
    started = performance.now();
    server = await withTimeout(startAppServer(options.env), 40_000, 'starting the server');
    phase('server searchable', started);
  });
  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    const errors = pageErrors;
    pageErrors = [];
    expect(errors).toEqual([]);
  });
  afterAll(async () => {
    let started = performance.now();
    await Promise.all(keptContexts.map((context) => context.close()));
    // Connected: closes this file's contexts and disconnects; launched: closes Chromium.
    await browser?.close();
    phase('chromium closed', started);
    started = performance.now();
    await server?.stop();
    phase('server stopped', started);
  });
  return () => app;
}

/** Loads `pathname` in `page` (a fresh load of the document), once its main landmark is there. */
export async function visit(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname);
  await page.locator('main#main-content').waitFor();
}

/**
 * The file's kept page (made before its first test) and a function loading an address in it
 * afresh, for the tests that only load an address and read or use what it shows: a browser context
 * made for each took much of such a file's time (BENCHMARKS.md, CI time, sessions 15 and 16).
 */
export function keptPageOpener(app: () => E2eApp): (pathname: string) => Promise<Page> {
  let kept: Page;
  beforeAll(async () => {
    kept = await app().keptPage();
  });
  return async (pathname) => {
    await visit(kept, pathname);
    return kept;
  };
}

/** With E2E_TIMINGS=1, how long a file's set-up and tear-down steps took (figures, never asserted). */
function phase(what: string, since: number): void {
  if (process.env.E2E_TIMINGS)
    console.log(`e2e timing: ${what} in ${Math.round(performance.now() - since)} ms`);
}

/** Fails with a message naming the step, before jest's hook timeout hides which one hung. */
async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Saves a full-page screenshot when E2E_SCREENSHOTS is set to a directory (never into the repo). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * The run's shared Chromium, or one of this file's own when it cannot be reached (it crashed or was
 * killed): one browser lost must not fail every browser file after it.
 */
async function connectOrLaunch(endpoint: string): Promise<Browser> {
  try {
    return await chromium.connect(endpoint, { timeout: 30_000 });
  } catch (error) {
    console.warn(
      `The shared Chromium is unreachable (${(error as Error).message}): launching one for this file.`,
    );
    return launchChromium();
  }
}
