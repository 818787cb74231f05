import '../../../testing/dom-polyfills';
import { firstViewScript } from '@agentry/domain/first-view';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetFirstView } from '../../../lib/api/first-view';
import { makeAgent } from '../../../testing/agents';
import { calls, type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { currentUrl, renderWithRouter } from '../../../testing/render';
import { DirectoryBrowser } from './directory-browser';

const ALL_AGENTS = [
  makeAgent({ id: '1', name: 'LedgerLark', category: 'Finance', role: 'Bookkeeper' }),
  makeAgent({ id: '2', name: 'ReceiptRaccoon', category: 'Finance', role: 'Bookkeeper' }),
  makeAgent({ id: '3', name: 'ReplyRanch', category: 'Customer Service', role: 'Customer Support Agent' }),
];

const BASE: FakeRoute[] = [
  { path: '/api/categories', body: ['Customer Service', 'Finance'] },
  {
    path: '/api/directory/counts',
    body: [
      { name: 'Customer Service', count: 1 },
      { name: 'Finance', count: 2 },
    ],
  },
  {
    path: '/api/directory/counts?category=Finance',
    body: [{ name: 'Bookkeeper', count: 2 }],
  },
  { path: '/api/directory/agents?limit=10', body: ALL_AGENTS, headers: { 'X-Total-Count': '3' } },
  {
    path: '/api/directory/agents?category=Finance&limit=10',
    body: ALL_AGENTS.slice(0, 2),
    headers: { 'X-Total-Count': '2' },
  },
  {
    path: '/api/directory/agents?category=Finance&limit=24',
    body: ALL_AGENTS.slice(0, 2),
    headers: { 'X-Total-Count': '2' },
  },
  {
    path: '/api/directory/agents?category=Customer+Service&limit=24',
    body: ALL_AGENTS.slice(2),
    headers: { 'X-Total-Count': '1' },
  },
  { path: '/api/roles?category=Finance', body: ['Accountant', 'Bookkeeper'] },
  { path: '/api/roles?category=Customer+Service', body: ['Customer Support Agent'] },
  { path: '/api/search-by-role?role=Bookkeeper&category=Finance&limit=24', body: ALL_AGENTS.slice(0, 2) },
  { path: '/api/search-by-role?role=Accountant&category=Finance&limit=24', body: [] },
];

const categorySelect = () => screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement;
const roleSelect = () => screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement;

function renderDirectory(url = '/directory', routes: FakeRoute[] = BASE) {
  const fetchMock = mockFetch(routes);
  const view = renderWithRouter(<DirectoryBrowser />, { url, path: '/directory' });
  return { ...view, fetchMock };
}

async function chooseCategory(name: string) {
  await screen.findByRole('option', { name });
  await userEvent.selectOptions(categorySelect(), name);
}

describe('DirectoryBrowser', () => {
  it('keeps the role dropdown disabled until a category is chosen, then loads its roles', async () => {
    const { fetchMock } = renderDirectory();
    expect(roleSelect().disabled).toBe(true);
    await chooseCategory('Finance');
    await waitFor(() => expect(roleSelect().disabled).toBe(false));
    expect(screen.getByRole('option', { name: 'Bookkeeper' })).toBeTruthy();
    expect(calls(fetchMock)).toContain('GET /api/roles?category=Finance');
  });

  it("lists a category's agents at once with its roles beside them, and keeps each choice in the URL", async () => {
    const { router } = renderDirectory();
    await chooseCategory('Finance');
    expect(await screen.findByRole('heading', { level: 2, name: 'Finance agents' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'LedgerLark' })).toBeTruthy();
    const roles = screen.getByRole('navigation', { name: 'Roles in Finance' });
    expect(
      within(roles)
        .getByRole('link', { name: /All roles/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    await screen.findByRole('option', { name: 'Bookkeeper' });
    await userEvent.selectOptions(roleSelect(), 'Bookkeeper');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Bookkeeper agents in Finance' }),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'ReceiptRaccoon' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/directory?category=Finance&role=Bookkeeper');
    expect(
      within(roles)
        .getByRole('link', { name: /Bookkeeper/ })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('makes every choice a step in the history: Directory → Finance → Bookkeeper → Back shows Finance', async () => {
    const { router } = renderDirectory();
    await userEvent.click(await screen.findByRole('link', { name: /Finance\s*2 agents/ }));
    await screen.findByRole('heading', { level: 2, name: 'Finance agents' });
    await userEvent.click(await screen.findByRole('link', { name: /Bookkeeper\s*2/ }));
    await screen.findByRole('heading', { level: 2, name: 'Bookkeeper agents in Finance' });
    await act(() => router.navigate(-1));
    expect(currentUrl(router)).toBe('/directory?category=Finance');
    expect(await screen.findByRole('heading', { level: 2, name: 'Finance agents' })).toBeTruthy();
    await act(() => router.navigate(-1));
    expect(currentUrl(router)).toBe('/directory');
    expect(await screen.findByRole('heading', { level: 2, name: 'Browse by category' })).toBeTruthy();
  });

  it('clears the chosen role when the category changes', async () => {
    const { router } = renderDirectory('/directory?category=Finance&role=Bookkeeper');
    await screen.findByRole('heading', { level: 3, name: 'LedgerLark' });
    expect(roleSelect().value).toBe('Bookkeeper');
    await userEvent.selectOptions(categorySelect(), 'Customer Service');
    await screen.findByRole('option', { name: 'Customer Support Agent' });
    expect(roleSelect().value).toBe('');
    expect(currentUrl(router)).toBe('/directory?category=Customer+Service');
    expect(screen.queryByRole('heading', { level: 3, name: 'LedgerLark' })).toBeNull();
  });

  it('opens a shared link with the category and role already chosen', async () => {
    renderDirectory('/directory?category=Finance&role=Bookkeeper');
    expect(await screen.findByRole('heading', { level: 3, name: 'ReceiptRaccoon' })).toBeTruthy();
    expect(categorySelect().value).toBe('Finance');
  });

  it('says exactly "No agents found for the selected category and role." when nothing matches', async () => {
    renderDirectory('/directory?category=Finance&role=Accountant');
    expect(await screen.findByText('No agents found for the selected category and role.')).toBeTruthy();
  });

  it("shows the category the page's HTML carried at once and asks the API for none of it", async () => {
    const url = '/directory?category=Finance';
    window.history.replaceState(null, '', url);
    resetFirstView();
    const carried = document.createElement('div');
    carried.innerHTML = firstViewScript({
      reads: {
        '/api/categories': ['Customer Service', 'Finance'],
        '/api/roles?category=Finance': ['Accountant', 'Bookkeeper'],
        '/api/directory/counts?category=Finance': [{ name: 'Bookkeeper', count: 2 }],
      },
      pages: {
        '/api/directory/agents?category=Finance&limit=24': { items: ALL_AGENTS.slice(0, 2), total: 2 },
      },
    });
    document.body.append(carried);
    try {
      const { fetchMock } = renderDirectory(url);
      // On the first render, before any answer could arrive.
      expect(screen.getByRole('heading', { level: 3, name: 'ReceiptRaccoon' })).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe('2 agents');
      await act(async () => {});
      expect(calls(fetchMock)).toEqual([]);
    } finally {
      carried.remove();
      resetFirstView();
      window.history.replaceState(null, '', '/');
    }
  });

  it.each([
    [
      'a category the directory does not list',
      '/directory?category=Astrology',
      'No category called Astrology',
    ],
    [
      'a role its category does not list',
      '/directory?category=Finance&role=Astrologer',
      'as Astrologer in Finance',
    ],
  ])('says %s is not in the directory (the server answers it with 404)', async (_what, url, text) => {
    renderDirectory(url, [
      ...BASE,
      { path: '/api/directory/counts?category=Astrology', body: [] },
      {
        path: '/api/directory/agents?category=Astrology&limit=24',
        body: [],
        headers: { 'X-Total-Count': '0' },
      },
      { path: '/api/roles?category=Astrology', body: [] },
      { path: '/api/search-by-role?role=Astrologer&category=Finance&limit=24', body: [] },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not in the directory' })).toBeTruthy();
    expect(screen.getByText(new RegExp(text))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the directory' }).getAttribute('href')).toBe(
      '/directory',
    );
    await waitFor(() => expect(document.title).toBe('Not in the directory | Rolecall'));
  });

  it('reports "Error: Failed to fetch data" when the categories cannot be loaded', async () => {
    renderDirectory('/directory', [{ path: '/api/categories', status: 500 }, ...BASE]);
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to fetch data');
  });

  it('reports "Error: Failed to fetch data" when the first agents cannot be loaded', async () => {
    renderDirectory('/directory', [{ path: '/api/directory/agents?limit=10', networkError: true }, ...BASE]);
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to fetch data');
  });

  it('reports "Error: Failed to fetch data" when the counts cannot be loaded', async () => {
    renderDirectory('/directory', [{ path: '/api/directory/counts', status: 500 }, ...BASE]);
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to fetch data');
  });

  it('reports "Error: Failed to fetch roles" when a category\'s roles cannot be loaded', async () => {
    renderDirectory('/directory', [{ path: '/api/roles?category=Finance', status: 500 }, ...BASE]);
    await chooseCategory('Finance');
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to fetch roles');
  });

  it('reports "Error: Failed to fetch agents by role" when the agents cannot be loaded', async () => {
    renderDirectory('/directory?category=Finance&role=Bookkeeper', [
      { path: '/api/search-by-role?role=Bookkeeper&category=Finance&limit=24', status: 500 },
      ...BASE,
    ]);
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to fetch agents by role');
  });

  it('describes the first 10 agents shown as an ItemList for search engines', async () => {
    renderDirectory('/directory?category=Finance&role=Bookkeeper');
    await screen.findByRole('heading', { level: 3, name: 'LedgerLark' });
    await waitFor(() => {
      const data = JSON.parse(document.getElementById('structured-data')?.textContent ?? '{}');
      expect(data['@type']).toBe('ItemList');
      expect(data.itemListElement.map((item: { name: string }) => item.name)).toEqual([
        'LedgerLark',
        'ReceiptRaccoon',
      ]);
    });
  });

  it('offers the categories as links with their agent counts before anything is chosen', async () => {
    const { router } = renderDirectory();
    const finance = await screen.findByRole('link', { name: /Finance\s*2 agents/ });
    expect(finance.getAttribute('href')).toBe('/directory?category=Finance');
    await userEvent.click(finance);
    expect(currentUrl(router)).toBe('/directory?category=Finance');
    const bookkeeper = await screen.findByRole('link', { name: /Bookkeeper\s*2/ });
    expect(bookkeeper.getAttribute('href')).toBe('/directory?category=Finance&role=Bookkeeper');
  });

  it('never downloads the catalog: counts, and the first 10 agents for the structured data, only', async () => {
    const { fetchMock } = renderDirectory();
    await screen.findByRole('link', { name: /Finance\s*2 agents/ });
    await waitFor(() => {
      const data = JSON.parse(document.getElementById('structured-data')?.textContent ?? '{}');
      expect(data.itemListElement).toHaveLength(3);
      expect(data.numberOfItems).toBe(3);
    });
    expect(calls(fetchMock).filter((call) => call.includes('/api/directory/agents'))).toEqual([
      'GET /api/directory/agents?limit=10',
    ]);
  });

  it('pages a long role list with "Show more", a link to the next page appended in place, and says how many of how many are shown', async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        makeAgent({ id: `a${from + i}`, name: `Agent ${from + i}`, category: 'Finance', role: 'Bookkeeper' }),
      );
    const { fetchMock, router } = renderDirectory('/directory?category=Finance&role=Bookkeeper', [
      {
        path: '/api/search-by-role?role=Bookkeeper&category=Finance&limit=24',
        body: page(0, 24),
        headers: { 'X-Total-Count': '40' },
      },
      {
        path: '/api/search-by-role?role=Bookkeeper&category=Finance&limit=24&offset=24',
        body: page(24, 16),
        headers: { 'X-Total-Count': '40' },
      },
      ...BASE,
    ]);
    expect((await screen.findByRole('status')).textContent).toBe('Showing 24 of 40 agents');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(24);
    // A link to ?page=2 (followed without JavaScript); a click appends that page here instead.
    const more = screen.getByRole('link', { name: 'Show more' });
    expect(more.getAttribute('href')).toBe('/directory?category=Finance&role=Bookkeeper&page=2');
    await userEvent.click(more);
    expect(await screen.findByRole('heading', { level: 3, name: 'Agent 39' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(40);
    expect(screen.getByRole('status').textContent).toBe('40 agents');
    expect(screen.queryByRole('link', { name: 'Show more' })).toBeNull();
    expect(currentUrl(router)).toBe('/directory?category=Finance&role=Bookkeeper');
    // The focus is on the first card it brought.
    await waitFor(() => expect(document.activeElement?.closest('li')?.textContent).toContain('Agent 24'));
    expect(calls(fetchMock)).toContain(
      'GET /api/search-by-role?role=Bookkeeper&category=Finance&limit=24&offset=24',
    );
    const data = JSON.parse(document.getElementById('structured-data')?.textContent ?? '{}');
    expect(data.itemListElement).toHaveLength(10);
    expect(data.numberOfItems).toBe(40);
  });

  it('reports "Error: Failed to fetch agents by role" when the next page cannot be loaded, keeping what is shown', async () => {
    renderDirectory('/directory?category=Finance&role=Bookkeeper', [
      {
        path: '/api/search-by-role?role=Bookkeeper&category=Finance&limit=24',
        body: ALL_AGENTS.slice(0, 2),
        headers: { 'X-Total-Count': '3' },
      },
      { path: '/api/search-by-role?role=Bookkeeper&category=Finance&limit=24&offset=24', status: 500 },
      ...BASE,
    ]);
    await screen.findByRole('heading', { level: 3, name: 'LedgerLark' });
    await userEvent.click(screen.getByRole('link', { name: 'Show more' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to fetch agents by role');
    expect(screen.getByRole('heading', { level: 3, name: 'ReceiptRaccoon' })).toBeTruthy();
  });

  it('opens the page ?page= names: that page of the category, its place in the list, and a link back to the first', async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        makeAgent({ id: `f${from + i}`, name: `Agent ${from + i}`, category: 'Finance', role: 'Bookkeeper' }),
      );
    const { fetchMock } = renderDirectory('/directory?category=Finance&page=2', [
      {
        path: '/api/directory/agents?category=Finance&limit=24&offset=24',
        body: page(24, 24),
        headers: { 'X-Total-Count': '61' },
      },
      ...BASE,
    ]);
    expect(await screen.findByRole('heading', { level: 3, name: 'Agent 24' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Showing agents 25–48 of 61');
    expect(screen.getByRole('link', { name: 'Show more' }).getAttribute('href')).toBe(
      '/directory?category=Finance&page=3',
    );
    expect(screen.getByRole('link', { name: 'Back to the first agents' }).getAttribute('href')).toBe(
      '/directory?category=Finance',
    );
    expect(calls(fetchMock)).toContain('GET /api/directory/agents?category=Finance&limit=24&offset=24');
    await waitFor(() => expect(document.title).toBe('Finance AI agents, page 2 | Rolecall directory'));
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(
      /\/directory\?category=Finance&page=2$/,
    );
  });
});
