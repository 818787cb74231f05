import type { Page } from 'playwright-core';
import { screenshot, setUpApp } from './support/e2e-app';
import { card, cards, SEARCH_BOX } from './support/page-helpers';

// Search that is honest about what it found (issue 27), in real Chromium on the demo catalog: the
// count is of the agents that match, each card says why it matched, agents matching only part of
// the request come apart as related agents, and made-up words get "no close match" with what to
// try instead. Screenshots at 1280 and 360 px when E2E_SCREENSHOTS names a directory.

async function submit(page: Page, query: string): Promise<void> {
  await page.locator(SEARCH_BOX).fill(query);
  await page.locator(SEARCH_BOX).press('Enter');
  await page.locator('.search-results .results-summary').filter({ hasText: /match/ }).waitFor();
}

describe('Honest search results', () => {
  const app = setUpApp();

  for (const width of [1280, 360]) {
    it(`says why each card matched, and lists related agents apart (${width} px)`, async () => {
      const page = await app().newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await submit(page, 'answer customer emails in Spanish');
      const summary = await page.locator('.search-results .results-summary').textContent();
      const count = Number(/^(\d+) agents? match/.exec(summary ?? '')?.[1]);
      expect(count).toBeGreaterThan(0);
      const why = card(page, 'ReplyRanch').locator('.agent-card__why');
      await expect(why.textContent()).resolves.toMatch(
        /matches: .*customer emails.*spanish · role: Customer Support Agent$/,
      );
      // Only whole words that carried the match are marked: not part of a name, not the category.
      const marks = await card(page, 'ReplyRanch').locator('mark').allTextContents();
      expect(marks.length).toBeGreaterThan(0);
      await expect(card(page, 'ReplyRanch').locator('h3 mark').count()).resolves.toBe(0);
      await expect(cards(page).locator('.agent-card__category mark').count()).resolves.toBe(0);
      const related = page.getByRole('region', { name: 'Related agents' });
      await related.waitFor();
      await expect(
        related.locator('article.agent-card').first().locator('.agent-card__why').textContent(),
      ).resolves.toMatch(/^Why this matched: related: .* · not: /);
      // The count is of the matches above the related section.
      const matchCards = await page.locator('.search-results > .agent-grid article.agent-card').count();
      expect(matchCards).toBe(Math.min(count, matchCards));
      await screenshot(page, `search-honesty ${width}px why this matched`);
    });

    it(`says "no close match" for made-up words and offers what to try (${width} px)`, async () => {
      const page = await app().newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await submit(page, 'xyzzy qwerty');
      await expect(page.locator('.search-results .results-summary').textContent()).resolves.toBe(
        'No close match',
      );
      await expect(page.locator('.no-close-match p').first().textContent()).resolves.toBe(
        'No agent matches xyzzy qwerty closely.',
      );
      await expect(page.locator('.search-results > .agent-grid').count()).resolves.toBe(0);
      await expect(
        page
          .locator('.no-close-match')
          .getByRole('link', { name: 'browse the directory' })
          .getAttribute('href'),
      ).resolves.toBe('/directory');
      await screenshot(page, `search-honesty ${width}px no close match`);
    });
  }

  it('offers a category and a role when a misspelt job matches nothing closely, and the role view opens', async () => {
    const page = await app().open('/');
    await submit(page, 'bookkeepnig for my shpo');
    await expect(page.locator('.search-results .results-summary').textContent()).resolves.toBe(
      'No close match',
    );
    const tries = page.locator('.no-close-match');
    await expect(tries.getByRole('link', { name: 'Browse Finance' }).getAttribute('href')).resolves.toBe(
      '/directory?category=Finance',
    );
    // The agents nearest to it are shown as related, not counted as matches.
    await page.getByRole('region', { name: 'Related agents' }).waitFor();
    await tries.getByRole('button', { name: 'Bookkeeper agents' }).click();
    await page.getByRole('heading', { name: 'Bookkeeper agents in the Finance category' }).waitFor();
  });
});
