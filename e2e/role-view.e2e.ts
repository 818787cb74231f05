import { setUpApp } from './support/e2e-app';
import { card, cardNames, cards, failRequests, searchFor } from './support/page-helpers';

// The role-filtered view of spec section 4, opened from a card's role chip on the home page.

const QUERY = 'answer customer emails in Spanish';
const ROLE = 'Customer Support Agent';
const CATEGORY = 'Customer Service';
const HEADING = `${ROLE} agents in the ${CATEGORY} category`;

describe('Role view', () => {
  const app = setUpApp();

  it('opens "{role} agents in the {category} category" with a "Search Results" back button', async () => {
    const page = await app().open('/');
    await searchFor(page, QUERY);
    await card(page, 'ReplyRanch').locator('button.role-chip').click();
    await page.getByRole('heading', { level: 2, name: HEADING }).waitFor();
    await page
      .locator('.role-view .results-summary')
      .filter({ hasText: /\d+ agents?$/ })
      .waitFor();
    expect(await page.locator('.role-view .back-button').textContent()).toMatch(/Search Results$/);
    const names = await cardNames(page);
    expect(names).toEqual(expect.arrayContaining(['ReplyRanch', 'PatiencePorter']));
    const roles = await cards(page).locator('button.role-chip').allTextContents();
    expect(roles.every((role) => role.startsWith(ROLE))).toBe(true);
  });

  it('restores the earlier results on "Search Results"', async () => {
    const page = await app().open('/');
    await searchFor(page, QUERY);
    const before = await cardNames(page);
    await card(page, 'ReplyRanch').locator('button.role-chip').click();
    await page.getByRole('heading', { level: 2, name: HEADING }).waitFor();
    await page.getByRole('button', { name: /Search Results/ }).click();
    await page.locator('.search-results .results-summary').filter({ hasText: /match/ }).waitFor();
    expect(await cardNames(page)).toEqual(before);
    expect(await page.locator('#home-search-query').inputValue()).toBe(QUERY);
  });

  it('puts the role view in the address, so the browser’s Back returns to the same results', async () => {
    const page = await app().open('/');
    await searchFor(page, QUERY);
    const before = await cardNames(page);
    await card(page, 'ReplyRanch').locator('button.role-chip').click();
    await page.getByRole('heading', { level: 2, name: HEADING }).waitFor();
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ query: QUERY, role: ROLE, category: CATEGORY });
    await page.goBack();
    await page.locator('.search-results .results-summary').filter({ hasText: /match/ }).waitFor();
    expect(await cardNames(page)).toEqual(before);
    expect(new URL(page.url()).searchParams.get('role')).toBeNull();
    await page.goForward();
    await page.getByRole('heading', { level: 2, name: HEADING }).waitFor();
  });

  it('shows the earlier results filtered by role and category when the role search fails', async () => {
    const page = await app().open('/');
    await failRequests(page, '**/api/search-by-role**');
    await searchFor(page, QUERY);
    const earlier = await cards(page).evaluateAll((articles) =>
      articles.map((article) => ({
        name: article.querySelector('h3')!.textContent,
        // Highlighting splits the text into <mark>s, and a hidden phrase names what the chip does.
        role: article
          .querySelector('button.role-chip')!
          .textContent!.replace(': see all agents in this role', ''),
        category: article.querySelector('.agent-card__category')!.textContent!.replace('Category: ', ''),
      })),
    );
    await card(page, 'ReplyRanch').locator('button.role-chip').click();
    await page.getByRole('heading', { level: 2, name: HEADING }).waitFor();
    await page.getByText('We could not load every agent in this role just now').waitFor();
    const expected = earlier
      .filter((agent) => agent.role === ROLE && agent.category === CATEGORY)
      .map((agent) => agent.name);
    expect(expected.length).toBeGreaterThan(0);
    expect(await cardNames(page)).toEqual(expected);
  });
});
