import type { Page } from 'playwright-core';
import { setUpApp } from './support/e2e-app';
import { cardNames, cards, failRequests, headTags, waitForHead } from './support/page-helpers';

// The directory of spec sections 2, 4 and 8: category, dependent role, agents when both are chosen.

const categorySelect = (page: Page) => page.getByRole('combobox', { name: 'Category' });
const roleSelect = (page: Page) => page.getByRole('combobox', { name: 'Role' });
const roleOptions = (page: Page) =>
  roleSelect(page)
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));

async function chooseCategory(page: Page, category: string) {
  await categorySelect(page).locator('option', { hasText: category }).first().waitFor({ state: 'attached' });
  await categorySelect(page).selectOption(category);
  await page.waitForFunction(
    () => !(document.getElementById('directory-role') as HTMLSelectElement).disabled,
  );
}

async function chooseRole(page: Page, role: string) {
  await roleSelect(page).selectOption(role);
}

/**
 * Opens `path` from inside the running app (a client-side navigation from another page), so the
 * client asks the API for everything itself: a directory address opened directly carries its
 * answers in the page (the server's first view, e2e/directory-first-view.e2e.ts).
 */
async function openInApp(page: Page, path: string) {
  await page.goto('/privacy');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe('Directory', () => {
  const app = setUpApp();

  it('keeps the role dropdown disabled until a category is chosen, then offers that category’s roles', async () => {
    const page = await app().open('/directory');
    await page.getByRole('heading', { level: 2, name: 'Browse by category' }).waitFor();
    expect(await roleSelect(page).isDisabled()).toBe(true);
    await chooseCategory(page, 'Finance');
    expect(await roleOptions(page)).toEqual([
      'Accountant',
      'Accounts Receivable Clerk',
      'Bookkeeper',
      'Financial Analyst',
    ]);
  });

  it('shows each category’s agent count from the counts endpoint, without downloading the catalog', async () => {
    const page = await app().newPage();
    const agentLists: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/directory/agents')) agentLists.push(new URL(request.url()).search);
    });
    await openInApp(page, '/directory');
    const finance = await app().server.context.store.agents.count({ category: 'Finance' });
    await page.getByRole('link', { name: new RegExp(`^Finance\\s*${finance} agents$`) }).waitFor();
    expect(agentLists).toEqual(['?limit=10']);
  });

  it('lists a category’s agents at once, with its roles beside them to narrow them', async () => {
    const page = await app().open('/directory');
    await chooseCategory(page, 'Finance');
    await page.getByRole('heading', { level: 2, name: 'Finance agents' }).waitFor();
    await cards(page).first().waitFor();
    const finance = await app().server.context.store.agents.count({ category: 'Finance' });
    expect(await cards(page).count()).toBe(Math.min(finance, 24));
    await page
      .getByRole('navigation', { name: 'Roles in Finance' })
      .getByRole('link', { name: /^Bookkeeper/ })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Bookkeeper agents in Finance' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.agent-card').length === 2);
    expect((await cardNames(page)).sort()).toEqual(['ReceiptRaccoon', 'TallyThistle']);
    expect(page.url()).toBe(`${app().server.url}/directory?category=Finance&role=Bookkeeper`);
  });

  it('goes Directory → Finance → Bookkeeper → Back to Finance, and Back again to the directory', async () => {
    const page = await app().open('/directory');
    await page.getByRole('link', { name: /^Finance\s*\d+ agents$/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Finance agents' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Roles in Finance' })
      .getByRole('link', { name: /^Bookkeeper/ })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Bookkeeper agents in Finance' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Finance agents' }).waitFor();
    expect(page.url()).toBe(`${app().server.url}/directory?category=Finance`);
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Browse by category' }).waitFor();
    expect(page.url()).toBe(`${app().server.url}/directory`);
  });

  it('clears the chosen role and loads the new roles when the category changes', async () => {
    const page = await app().open('/directory?category=Finance&role=Bookkeeper');
    await cards(page).first().waitFor();
    await chooseCategory(page, 'Legal');
    expect(await roleSelect(page).inputValue()).toBe('');
    expect(await roleOptions(page)).toEqual(['Compliance Officer', 'Contract Manager', 'Paralegal']);
    await page.getByRole('heading', { level: 2, name: 'Legal agents' }).waitFor();
  });

  it('says "No agents found for the selected category and role." when none match', async () => {
    const page = await app().newPage();
    await page.route('**/api/search-by-role**', (route) => route.fulfill({ json: [] }));
    await openInApp(page, '/directory?category=Legal&role=Paralegal');
    await page.getByText('No agents found for the selected category and role.', { exact: true }).waitFor();
    expect(await cards(page).count()).toBe(0);
  });

  it.each([
    ['the categories', 'Error: Failed to fetch data', '**/api/categories', '/directory'],
    ['the first agents', 'Error: Failed to fetch data', '**/api/directory/agents**', '/directory'],
    ['the counts', 'Error: Failed to fetch data', '**/api/directory/counts**', '/directory'],
    ['the roles', 'Error: Failed to fetch roles', '**/api/roles?category=Legal', '/directory?category=Legal'],
    [
      'the agents of a role',
      'Error: Failed to fetch agents by role',
      '**/api/search-by-role**',
      '/directory?category=Legal&role=Paralegal',
    ],
  ])('reports a failure to load %s as "%s"', async (_what, message, pattern, path) => {
    const page = await app().newPage();
    await failRequests(page, pattern);
    await openInApp(page, path);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(message);
  });

  it('describes the agents shown as a JSON-LD ItemList', async () => {
    const page = await app().open('/directory?category=Finance&role=Bookkeeper');
    await cards(page).first().waitFor();
    const canonical = `${app().server.url}/directory?category=Finance&role=Bookkeeper`;
    await waitForHead(page, { title: 'Bookkeeper agents in Finance | Rolecall directory', canonical });
    const head = await headTags(page);
    expect(head.canonical).toBe(canonical);
    expect(head.jsonLd).toHaveLength(1);
    const itemList = head.jsonLd[0] as {
      '@type': string;
      itemListElement: Array<{ name: string; url: string }>;
    };
    expect(itemList['@type']).toBe('ItemList');
    expect(itemList.itemListElement.map((item) => item.name)).toEqual(await cardNames(page));
  });

  it('lists the first 10 agents of the whole directory in the ItemList before anything is chosen', async () => {
    const page = await app().open('/directory');
    await page.getByRole('heading', { level: 2, name: 'Browse by category' }).waitFor();
    await page.waitForFunction(
      () =>
        JSON.parse(document.getElementById('structured-data')?.textContent ?? '{}')['@type'] === 'ItemList',
    );
    const [itemList] = (await headTags(page)).jsonLd as Array<{ itemListElement: Array<{ name: string }> }>;
    const directory = (await (await fetch(`${app().server.url}/api/directory/agents`)).json()) as Array<{
      name: string;
    }>;
    expect(itemList!.itemListElement.map((item) => item.name)).toEqual(
      directory.slice(0, 10).map((agent) => agent.name.replace('&amp;', '&')),
    );
  });
});
