import type { Page } from 'playwright-core';
import { screenshot, setUpApp } from './support/e2e-app';
import { card, cardNames, cards, SEARCH_BOX } from './support/page-helpers';

// The first view is the server's (issue 25, speed as felt): the home page, a shared search link and
// an agent page arrive as HTML people can read before any script runs, carrying the answers they
// were rendered with; the browser then hydrates them, without a request for what it already has
// and without React finding the page different from its own rendering.

const HOME_HEADING = 'Describe the job. Find the agent.';

/** The API requests a page makes, and what the console says is wrong. */
function watch(page: Page) {
  const requests: string[] = [];
  const complaints: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') complaints.push(message.text());
  });
  return { requests, complaints };
}

/** Hydrated: React's handlers are on the search box (its props are on the element). */
const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((target) => {
    const element = document.querySelector(target);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
  }, selector);

describe('The first view', () => {
  const app = setUpApp();

  const idOf = async (name: string) =>
    (await app().server.context.store.agents.list()).find((agent) => agent.name === name)!.id;

  it.each([360, 1280])('is on the page before any script runs, at %i px', async (width) => {
    const context = await app().browser.newContext({
      baseURL: app().server.url,
      viewport: { width, height: 800 },
      javaScriptEnabled: false,
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: HOME_HEADING }).waitFor();
      expect(await page.locator('.category-tile').count()).toBeGreaterThan(0);
      await screenshot(page, `first view ${width}px home without script`);

      await page.goto('/?query=answer%20customer%20emails%20in%20Spanish');
      expect(await cardNames(page)).toContain('ReplyRanch');
      expect(await page.locator('.search-results .results-summary').textContent()).toMatch(/agents? match/);
      await screenshot(page, `first view ${width}px search link without script`);

      await page.goto(`/agents/${await idOf('ChatWillow')}`);
      await page.getByRole('heading', { level: 1, name: 'ChatWillow' }).waitFor();
      expect(await page.locator('.agent-profile__description').textContent()).toMatch(
        /^Lives in the chat bubble on your website/,
      );
      await screenshot(page, `first view ${width}px agent page without script`);
    } finally {
      await context.close();
    }
  });

  it('hydrates the home page without asking again for its storefront, and searches as you type', async () => {
    const page = await app().newPage();
    const { requests, complaints } = watch(page);
    await page.goto('/');
    await hydrated(page, SEARCH_BOX);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((request) => !request.startsWith('GET /api/auth/me'))).toEqual([]);
    await page.locator(SEARCH_BOX).pressSequentially('meeting notes');
    // Waited for, not read at once: on a busy machine the typing can rest long enough for a part of
    // the query to be searched, its cards shown, before the address has the whole of it.
    await page.waitForURL(`${app().server.url}/?query=meeting+notes`);
    await card(page, 'MinutesMallard').waitFor();
    expect(complaints).toEqual([]);
  });

  it('hydrates a shared search link with the results it came with, then shows more on request', async () => {
    const page = await app().newPage();
    const { requests, complaints } = watch(page);
    await page.goto('/?query=meeting%20notes');
    await hydrated(page, SEARCH_BOX);
    await page.waitForLoadState('networkidle');
    expect(await cardNames(page)).toEqual(expect.arrayContaining(['MinutesMallard', 'RecapRobin']));
    expect(requests.filter((request) => request.includes('instantsearch'))).toEqual([]);
    // Interactive: a new search from the box asks the API.
    await page.locator(SEARCH_BOX).fill('translate documents');
    await page.locator(SEARCH_BOX).press('Enter');
    await page.waitForFunction(() => !document.body.textContent?.includes('MinutesMallard'));
    // The old cards leave as the search starts ("Searching..."); the new ones come with its answer.
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBeGreaterThan(0);
    expect(requests.filter((request) => request.includes('instantsearch')).length).toBeGreaterThan(0);
    expect(complaints).toEqual([]);
  });

  it('hydrates an agent page without reading the agent again, and counts the opening', async () => {
    const id = await idOf('ChatWillow');
    const page = await app().newPage();
    const { requests, complaints } = watch(page);
    await page.goto(`/agents/${id}`);
    await page.getByRole('heading', { level: 2, name: 'Similar agents' }).waitFor();
    await hydrated(page, 'article.agent-profile button.role-chip');
    await page.waitForLoadState('networkidle');
    expect(requests.filter((request) => request === `GET /api/agents/${id}?view=page`)).toEqual([]);
    expect(requests).toContain(`HEAD /api/agents/${id}?view=page`);
    // Interactive: the role chip opens the role's agents.
    await page.locator('article.agent-profile button.role-chip').click();
    await page.waitForURL(/role=/);
    expect(complaints).toEqual([]);
  });
});
