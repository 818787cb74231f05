import type { Locator, Page } from 'playwright-core';

// What the tests read from and do to the built app, in the words of the screens.

export const SEARCH_BOX = '#home-search-query';

export const cards = (page: Page): Locator => page.locator('article.agent-card');

/** Card names as shown (entities decoded, highlight marks flattened). */
export const cardNames = (page: Page): Promise<string[]> => cards(page).locator('h3').allTextContents();

export const card = (page: Page, name: string): Locator =>
  cards(page).filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

/** Types the query, presses Enter and waits for the result summary and the first card. */
export async function searchFor(page: Page, query: string): Promise<void> {
  await page.locator(SEARCH_BOX).fill(query);
  await page.locator(SEARCH_BOX).press('Enter');
  await page.locator('.search-results .results-summary').filter({ hasText: /match/ }).waitFor();
  await cards(page).first().waitFor();
}

export interface HeadTags {
  title: string;
  description: string | null;
  keywords: string | null;
  canonical: string | null;
  ogType: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  ogUrl: string | null;
  twitterCard: string | null;
  jsonLd: Record<string, unknown>[];
}

/** The page meta as the document holds it now (what a crawler running scripts would read). */
export function headTags(page: Page): Promise<HeadTags> {
  return page.evaluate(() => {
    const content = (selector: string) =>
      document.head.querySelector(selector)?.getAttribute('content') ?? null;
    return {
      title: document.title,
      description: content('meta[name="description"]'),
      keywords: content('meta[name="keywords"]'),
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      ogType: content('meta[property="og:type"]'),
      ogTitle: content('meta[property="og:title"]'),
      ogDescription: content('meta[property="og:description"]'),
      ogUrl: content('meta[property="og:url"]'),
      twitterCard: content('meta[name="twitter:card"]'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
        JSON.parse(script.textContent ?? 'null'),
      ),
    };
  });
}

/** Waits until the document title is `title` (pages set their meta once their data is in). */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title);
}

/**
 * Waits until the app itself has set the head: the server writes the same title for crawlers but
 * with PUBLIC_URL links, so a title alone can be the server's. Gives up quietly after a while so
 * that the test's own expectation reports what is wrong.
 */
export async function waitForHead(page: Page, head: { title: string; canonical: string }): Promise<void> {
  await page
    .waitForFunction(
      ({ title, canonical }) =>
        document.title === title &&
        document.querySelector('link[rel="canonical"]')?.getAttribute('href') === canonical,
      head,
      // A hang's limit (5 s was little for a busy machine's browser), not a figure.
      { timeout: 20_000 },
    )
    .catch(() => undefined);
}

/** Holds matching requests until release() is called: to look at a screen while it waits. */
export async function holdRequests(page: Page, pattern: string): Promise<{ release(): void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** Answers matching requests with a server error. */
export async function failRequests(page: Page, pattern: string): Promise<void> {
  await page.route(pattern, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":"Internal server error"}',
    }),
  );
}

/** The element that has focus, described for assertions. */
export function focusedElement(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    return {
      tag: element.tagName.toLowerCase(),
      id: element.id,
      className: typeof element.className === 'string' ? element.className : '',
      text: element.textContent?.trim() ?? '',
      visibleFocus:
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none',
    };
  });
}
