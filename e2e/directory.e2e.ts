import type { Page } from 'playwright-core';
import { keptPageOpener, setUpApp, visit } from './support/e2e-app';
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
  // A category chosen over another leaves the old one's roles on screen, enabled, until React
  // commits the change (under load, after the wait below had already passed: the clean-clone CI
  // of 7396ce2 read the new category's roles while they were still loading). The heading names
  // the category once it is committed; then the role list is enabled when its roles are in.
  await page.getByRole('heading', { level: 2, name: `${category} agents`, exact: true }).waitFor();
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

/**
 * Where a card's name or cost goes on to a new line inside a word ("ReplyRanc|h",
 * "$1.50/patient/mo|nth"): each character's line is read from its box, and a line may end only
 * after a space, a slash or a hyphen.
 */
const wordsBrokenInCards = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'article.agent-card .agent-card__name, article.agent-card .agent-card__cost',
      ),
    ].flatMap((element) => {
      const chars: Array<{ ch: string; top: number }> = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (node.parentElement?.closest('.agent-card__cost-label')) continue;
        for (let i = 0; i < node.data.length; i += 1) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getClientRects()[0];
          if (box) chars.push({ ch: node.data[i]!, top: Math.round(box.top) });
        }
      }
      const text = chars.map((c) => c.ch).join('');
      return chars.flatMap((c, i) => {
        const before = chars[i - 1];
        const newLine = before !== undefined && c.top > before.top + 2;
        return newLine && /\S/.test(c.ch) && /[^\s/-]/.test(before.ch)
          ? [`${text.slice(0, i)}|${text.slice(i)}`]
          : [];
      });
    }),
  );

describe('Directory', () => {
  const app = setUpApp();
  // The tests that only load an address and read or use what it shows go through one kept page,
  // each a fresh load (a browser context made for each took much of this file's time,
  // BENCHMARKS.md, CI time, session 15); those that walk history, watch requests or stub routes
  // keep pages of their own.
  const openKept = keptPageOpener(app);

  it('keeps the role dropdown disabled until a category is chosen, then offers that category’s roles', async () => {
    const page = await openKept('/directory');
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
    const page = await openKept('/directory');
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
    const page = await openKept('/directory?category=Finance&role=Bookkeeper');
    await cards(page).first().waitFor();
    await chooseCategory(page, 'Legal');
    expect(await roleSelect(page).inputValue()).toBe('');
    expect(await roleOptions(page)).toEqual(['Compliance Officer', 'Contract Manager', 'Paralegal']);
    await page.getByRole('heading', { level: 2, name: 'Legal agents' }).waitFor();
  });

  // "IntakeEgr|et", "TrendTur|nstone" and "$1.50/patient/mo|nth" at these widths before
  // agent-card.css let the pricing badge and the Use agent button move below instead.
  it.each([360, 700, 1040])('breaks a card’s name and cost only between words at %i px', async (width) => {
    const broken: string[] = [];
    const page = await app().newPage({ width });
    for (const path of [
      '/directory?category=Healthcare&role=Medical+Assistant',
      '/directory?category=Research&role=Market+Researcher',
    ]) {
      await visit(page, path);
      await cards(page).first().waitFor();
      broken.push(...(await wordsBrokenInCards(page)));
    }
    expect(broken).toEqual([]);
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
    const page = await openKept('/directory?category=Finance&role=Bookkeeper');
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
    const page = await openKept('/directory');
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
