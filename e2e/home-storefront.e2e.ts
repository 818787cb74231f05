import { screenshotFromTop } from './support/accounts';
import { setUpApp } from './support/e2e-app';
import { card, cards, SEARCH_BOX } from './support/page-helpers';

// The home page as a storefront (issue 25), walked at a desktop and a phone width: example jobs one
// click away, the categories with their counts and the newest agents; live results while typing,
// the hero made compact so the first card shows on a phone's first screen; emptied, the storefront
// comes back; an example job and a category tile lead where they say. (axe and the sideways check
// of the home page with and without results, at both widths: accessibility.e2e, responsive.e2e.)

describe('Home storefront', () => {
  const app = setUpApp();

  it.each([1280, 360])(
    'offers jobs, categories and new agents, and makes room for live results, at %i px',
    async (width) => {
      const height = width === 360 ? 740 : 800;
      const page = await app().open('/', { width, height });

      const examples = page.getByRole('region', { name: 'Try a job' });
      expect(await examples.getByRole('link').count()).toBeGreaterThanOrEqual(3);
      const categories = page.getByRole('region', { name: 'Browse by category' });
      const finance = categories.getByRole('link', { name: /^Finance\s*\d+ agents?$/ });
      await finance.waitFor();
      const newest = page.getByRole('region', { name: 'New in the directory' });
      await newest.getByRole('link').first().waitFor();
      await screenshotFromTop(page, `storefront ${width}px 01 home`);
      const heroBefore = (await page.locator('section.hero').boundingBox())!.height;

      // Live results while typing: no Enter; the storefront steps aside and the hero gets compact.
      await page.locator(SEARCH_BOX).pressSequentially('meeting notes');
      await card(page, 'MinutesMallard').waitFor();
      await page.waitForURL(/\?query=meeting\+notes$/);
      expect(await categories.count()).toBe(0);
      expect((await page.locator('section.hero').boundingBox())!.height).toBeLessThan(heroBefore);
      // The first card's name is on the first screen.
      const firstName = (await cards(page).first().locator('h3').boundingBox())!;
      expect(firstName.y + firstName.height).toBeLessThanOrEqual(height);
      await screenshotFromTop(page, `storefront ${width}px 02 live results`);

      // Emptied, the storefront is back; an example job is a search link.
      await page.locator(SEARCH_BOX).fill('');
      await examples.waitFor();
      await page.waitForURL((url) => url.search === '');
      await examples.getByRole('link', { name: 'bookkeeping for a small shop' }).click();
      await page.waitForURL(/\?query=bookkeeping\+for\+a\+small\+shop$/);
      await cards(page).first().waitFor();

      // A category tile opens the category's agents.
      await page.goto('/');
      await finance.click();
      await page.getByRole('heading', { level: 2, name: 'Finance agents' }).waitFor();
      expect(new URL(page.url()).search).toBe('?category=Finance');
      await cards(page).first().waitFor();
    },
  );
});
