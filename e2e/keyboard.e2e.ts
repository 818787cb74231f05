import type { Page } from 'playwright-core';
import { keptPageOpener, setUpApp } from './support/e2e-app';
import { cards, focusedElement } from './support/page-helpers';

// Keyboard only: every step is a key press, and whatever has focus shows it.

type Focused = NonNullable<Awaited<ReturnType<typeof focusedElement>>>;

/** Presses Tab until `matches` holds for the focused element; every element passed must show focus. */
async function tabUntil(
  page: Page,
  matches: (focused: Focused) => boolean,
  maxPresses = 40,
): Promise<Focused> {
  const withoutVisibleFocus: string[] = [];
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press('Tab');
    const focused = await focusedElement(page);
    if (!focused) continue;
    if (!focused.visibleFocus)
      withoutVisibleFocus.push(`${focused.tag}.${focused.className} "${focused.text}"`);
    if (matches(focused)) {
      expect(withoutVisibleFocus).toEqual([]);
      return focused;
    }
  }
  throw new Error(`not reached with ${maxPresses} presses of Tab`);
}

describe('Keyboard only', () => {
  const app = setUpApp();
  // Each test loads its address afresh in one kept page (a browser context made for each took much
  // of this file's time, BENCHMARKS.md, CI time, session 16); a fresh load starts the Tab order anew.
  const openKept = keptPageOpener(app);

  it('reaches the search box with Tab, submits with Enter and opens a role chip with Enter', async () => {
    const page = await openKept('/');
    // Start from the top of the page, as a visitor who has not yet been focused anywhere.
    await page.waitForFunction(() => document.activeElement?.id === 'home-search-query');
    // Blurring the box alone leaves Chromium's sequential-navigation starting point on it, so Tab
    // would walk on through the storefront below it; a focus point at the very top moves it there.
    await page.evaluate(() => {
      const top = document.createElement('span');
      top.tabIndex = -1;
      document.body.prepend(top);
      top.focus();
      top.blur();
    });

    const box = await tabUntil(page, (focused) => focused.id === 'home-search-query');
    expect(box.tag).toBe('textarea');
    await page.keyboard.type('answer customer emails in Spanish');
    await page.keyboard.press('Enter');
    await cards(page).first().waitFor();

    const chip = await tabUntil(page, (focused) => focused.className.includes('role-chip'));
    const role = chip.text.replace(/\s*: see all agents in this role$/, '');
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^${role} agents in the`) });
    await heading.waitFor();
    // Focus moves to the new heading, so screen reader users hear where they are.
    expect((await focusedElement(page))?.id).toBe('role-view-heading');

    await page.keyboard.press('Shift+Tab');
    const back = await focusedElement(page);
    expect(back?.text).toMatch(/Search Results$/);
    expect(back?.visibleFocus).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('.search-results .results-summary').filter({ hasText: /match/ }).waitFor();
  });

  it('moves through the directory’s dropdowns with the keyboard', async () => {
    const page = await openKept('/directory');
    await page.getByRole('heading', { level: 2, name: 'Browse by category' }).waitFor();
    const category = await tabUntil(page, (focused) => focused.id === 'directory-category');
    expect(category.tag).toBe('select');
    // Keyboard selection of the second option (the first real category).
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(
      () => !(document.getElementById('directory-role') as HTMLSelectElement).disabled,
    );
    await tabUntil(page, (focused) => focused.id === 'directory-role', 1);
    await page.keyboard.press('ArrowDown');
    await cards(page).first().waitFor();
  });

  it('offers a skip link as the first stop that moves focus to the main content', async () => {
    const page = await openKept('/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
    const skip = await tabUntil(page, () => true, 1);
    expect(skip.text).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect((await focusedElement(page))?.id).toBe('main-content');
  });
});
