import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { NETWORK_PROFILE, type Vitals, webVitalsScript } from './web-vitals';

// bench:vitals' browser side (vitals-main.ts runs it): a cold, slowed page on a phone's screen,
// the LCP of an address, the INP of typing into a search box, and a DevTools recording of it.

export const TYPED_QUERY = 'reconcile bank transactions';
/** Between keystrokes: a brisk typist (about 100 words a minute). */
export const KEY_GAP_MS = 120;
export const VIEWPORT = { width: 412, height: 823 };

export async function throttled(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  // A slowed page on a busy machine can take a while; a figure is still worth having.
  page.setDefaultTimeout(120_000);
  page.setDefaultNavigationTimeout(120_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORK_PROFILE.conditions });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

export async function freshContext(browser: Browser, base: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: VIEWPORT,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript({ content: webVitalsScript });
  return context;
}

const readVitals = (page: Page) => page.evaluate(() => (window as unknown as { __vitals: Vitals }).__vitals);

/** Opens `url` cold and answers its LCP once `ready` is on screen and the network is quiet. */
export async function timeLcp(
  browser: Browser,
  base: string,
  url: string,
  ready: string,
): Promise<{ lcp: number; element: string; fcp: number }> {
  const context = await freshContext(browser, base);
  try {
    const page = await throttled(context);
    await page.goto(url, { waitUntil: 'load' });
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // Two frames after the last change, so the last candidate is reported.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const vitals = await readVitals(page);
    return { lcp: vitals.lcp, element: vitals.lcpElement, fcp: vitals.fcp };
  } finally {
    await context.close();
  }
}

/** Types TYPED_QUERY key by key into `box` and answers the worst interaction (INP below 50 of them). */
export async function timeTyping(page: Page, box: string, settled: () => Promise<unknown>) {
  const input = page.locator(box);
  await input.click();
  await page.evaluate(() => {
    const vitals = (window as unknown as { __vitals: Vitals }).__vitals;
    vitals.interactions = {};
    vitals.worst = null;
  });
  for (const key of TYPED_QUERY) {
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    await page.waitForTimeout(KEY_GAP_MS);
  }
  await settled();
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const { interactions, worst } = await readVitals(page);
  const durations = Object.values(interactions);
  return { inp: Math.max(0, ...durations), slow: durations.length, worst };
}

/** What a DevTools performance recording holds: tasks, events, style, layout, paint, frames. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
  'latencyInfo',
  'toplevel',
];

/**
 * Runs `work` while Chromium records a DevTools trace (FILE.trace.json) and a CPU profile of the
 * page (FILE.cpuprofile), both for the Performance panel: what a keystroke waited for.
 */
export async function recorded<T>(
  browser: Browser,
  page: Page,
  file: string,
  work: () => Promise<T>,
): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await browser.startTracing(page, { path: `${file}.trace.json`, categories: TRACE_CATEGORIES });
  await cdp.send('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    await browser.stopTracing();
    fs.writeFileSync(`${file}.cpuprofile`, JSON.stringify(profile));
  }
}
