import { keptPageOpener, setUpApp } from './support/e2e-app';
import {
  card,
  cardNames,
  cards,
  headTags,
  holdRequests,
  SEARCH_BOX,
  searchFor,
  waitForHead,
} from './support/page-helpers';

// Home search (spec sections 2, 4 and 5) through the built app and the real API.

const MULTI_SEARCH = '**/api/instantsearch/**';
const HOME_TITLE = 'Rolecall: describe the job, find the AI agent';

describe('Home search', () => {
  const app = setUpApp();
  // The tests that only load an address and read or use what it shows go through one kept page,
  // each a fresh load (a browser context made for each took much of this file's time, BENCHMARKS.md,
  // CI time, session 16); those that count requests, hold them, stand the clock still or add an
  // init script keep pages of their own (a listener or a script would outlive the test).
  const openKept = keptPageOpener(app);

  it('focuses the search box about 100 ms after arrival', async () => {
    const page = await app().newPage();
    await page.addInitScript(() => {
      document.addEventListener(
        'focusin',
        (event) => {
          const target = event.target as HTMLElement;
          if (target.id === 'home-search-query')
            (window as unknown as { focusedAt: number }).focusedAt = performance.now();
        },
        true,
      );
    });
    await page.goto('/');
    await page.waitForFunction(() => document.activeElement?.id === 'home-search-query');
    const focusedAt = await page.evaluate(() => (window as unknown as { focusedAt: number }).focusedAt);
    expect(focusedAt).toBeGreaterThanOrEqual(100);
  });

  it('submits with Enter and shows the results as cards', async () => {
    const page = await openKept('/');
    await searchFor(page, 'chat bubble on my website');
    expect(page.url()).toBe(`${app().server.url}/?query=chat+bubble+on+my+website`);
    const chatWillow = card(page, 'ChatWillow');
    await expect(chatWillow.locator('.agent-card__provider').textContent()).resolves.toMatch(
      /by Saltmarsh Digital$/,
    );
    await expect(chatWillow.locator('.agent-card__category').textContent()).resolves.toMatch(
      /Customer Service$/,
    );
    await expect(chatWillow.locator('button.role-chip').textContent()).resolves.toMatch(/^Live Chat Agent/);
    await expect(chatWillow.locator('.agent-card__description').textContent()).resolves.toMatch(
      /^Lives in the chat bubble on your website/,
    );
    await expect(chatWillow.locator('.agent-card__cost').textContent()).resolves.toMatch(
      /Free trial, then \$39\/month/,
    );
    const useAgent = chatWillow.getByRole('link', { name: /Use agent/ });
    // The catalog has "chatwillow.example/widget": https:// is added.
    await expect(useAgent.getAttribute('href')).resolves.toBe('https://chatwillow.example/widget');
    await expect(useAgent.getAttribute('rel')).resolves.toBe('noopener nofollow ugc');
    await expect(useAgent.getAttribute('target')).resolves.toBe('_blank');
  });

  it('decodes HTML entities in names and descriptions', async () => {
    const page = await openKept('/');
    await searchFor(page, 'month-end close accruals');
    const description = await card(page, 'CloseCompass').locator('.agent-card__description').textContent();
    expect(description).toContain('Supports US GAAP & IFRS');
    expect(description).not.toContain('&amp;');
    await searchFor(page, 'answer customer emails in Spanish');
    expect(await cardNames(page)).toContain('Q&A Desk');
  });

  it('highlights the matched words with <mark>', async () => {
    const page = await openKept('/');
    await searchFor(page, 'answer customer emails in Spanish');
    const marked = await cards(page).locator('mark').allTextContents();
    expect(marked.map((word) => word.toLowerCase())).toEqual(expect.arrayContaining(['spanish', 'customer']));
  });

  it('inserts a new line with Shift+Enter instead of submitting', async () => {
    const page = await app().newPage();
    // The page's timers stand still: nothing is searched live, so only a submit could search.
    await page.clock.install();
    await page.goto('/');
    let searches = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/instantsearch/')) searches += 1;
    });
    const box = page.locator(SEARCH_BOX);
    await box.click();
    await page.keyboard.type('meeting');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('notes');
    expect(await box.inputValue()).toBe('meeting\nnotes');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.locator('.search-results .results-summary').textContent()).toBe('');
    expect(searches).toBe(0);
  });

  it('shows results while typing once the text rests, replacing the address rather than adding a step (issue 25)', async () => {
    const page = await openKept('/');
    const steps = await page.evaluate(() => history.length);
    await page.locator(SEARCH_BOX).pressSequentially('meeting notes');
    // The address takes the query when its search is sent; the cards follow its answer. (Under load
    // the typing itself can rest long enough for "meeting n" to be searched first, so the summary
    // alone does not say which search's cards are drawn.)
    await page.waitForURL(/\?query=meeting\+notes$/);
    await card(page, 'MinutesMallard').waitFor();
    await card(page, 'RecapRobin').waitFor();
    expect(await cardNames(page)).toEqual(expect.arrayContaining(['MinutesMallard', 'RecapRobin']));
    expect(await page.evaluate(() => history.length)).toBe(steps);
    // The storefront steps aside for the results; emptied, the box brings it back.
    expect(await page.getByRole('region', { name: 'Browse by category' }).count()).toBe(0);
    await page.locator(SEARCH_BOX).fill('');
    await page.getByRole('region', { name: 'Browse by category' }).waitFor();
    await page.waitForURL((url) => url.search === '');
  });

  it('does nothing for a blank query, with Enter or the button', async () => {
    const page = await app().open('/');
    let searches = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/instantsearch/')) searches += 1;
    });
    await page.locator(SEARCH_BOX).fill('   \n  ');
    await page.locator(SEARCH_BOX).press('Enter');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect(new URL(page.url()).search).toBe('');
    expect(await cards(page).count()).toBe(0);
    expect(searches).toBe(0);
  });

  it('reads "Searching..." and disables the button while the search runs', async () => {
    const page = await app().open('/');
    const held = await holdRequests(page, MULTI_SEARCH);
    await page.locator(SEARCH_BOX).fill('meeting notes');
    await page.locator(SEARCH_BOX).press('Enter');
    const button = page.locator('button.search-box__submit');
    await page.waitForFunction(
      () => document.querySelector('button.search-box__submit')?.textContent === 'Searching...',
    );
    expect(await button.isDisabled()).toBe(true);
    held.release();
    await cards(page).first().waitFor();
    expect(await button.textContent()).toBe('Search');
    expect(await button.isDisabled()).toBe(false);
  });

  it('runs the search of a /?query= link on arrival', async () => {
    const page = await openKept('/?query=meeting%20notes');
    await cards(page).first().waitFor();
    expect(await page.locator(SEARCH_BOX).inputValue()).toBe('meeting notes');
    expect(await cardNames(page)).toEqual(expect.arrayContaining(['MinutesMallard', 'RecapRobin']));
  });

  it('starts afresh when the visitor comes back to / through the logo', async () => {
    const page = await openKept('/');
    await searchFor(page, 'meeting notes');
    await page.getByRole('link', { name: 'Rolecall home' }).click();
    await page.waitForURL(`${app().server.url}/`);
    await page.waitForFunction(() => document.querySelectorAll('article.agent-card').length === 0);
    expect(await page.locator(SEARCH_BOX).inputValue()).toBe('');

    await searchFor(page, 'meeting notes');
    await page.getByRole('link', { name: 'Directory' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'AI agent directory' }).waitFor();
    await page.getByRole('link', { name: 'Rolecall home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Describe the job. Find the agent.' }).waitFor();
    expect(await page.locator(SEARCH_BOX).inputValue()).toBe('');
    expect(await cards(page).count()).toBe(0);
  });

  it('scrolls to the bottom with End and back to the top with Home', async () => {
    const page = await openKept('/');
    await searchFor(page, 'translate documents');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const scrollY = () => page.evaluate(() => window.scrollY);
    const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(bottom).toBeGreaterThan(0);
    await page.keyboard.press('End');
    await page.waitForFunction((target) => Math.abs(window.scrollY - target) <= 1, bottom);
    await page.keyboard.press('Home');
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await scrollY()).toBe(0);
  });

  it('sets the title, description, keywords, canonical, social tags and WebSite data with a search action', async () => {
    const page = await openKept('/');
    const origin = app().server.url;
    await waitForHead(page, { title: HOME_TITLE, canonical: `${origin}/` });
    const head = await headTags(page);
    expect(head).toMatchObject({
      title: HOME_TITLE,
      canonical: `${origin}/`,
      ogType: 'website',
      ogTitle: HOME_TITLE,
      ogUrl: `${origin}/`,
      twitterCard: 'summary',
    });
    expect(head.description).toMatch(/^Describe a job in plain words/);
    expect(head.ogDescription).toBe(head.description);
    expect(head.keywords).toContain('AI agent directory');
    expect(head.jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'WebSite',
        potentialAction: expect.objectContaining({
          '@type': 'SearchAction',
          target: `${origin}/?query={search_term}`,
        }),
      }),
    ]);
  });
});
