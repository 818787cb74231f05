import '../../../testing/dom-polyfills';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  { path: '/api/directory/agents', body: ALL_AGENTS },
  { path: '/api/roles?category=Finance', body: ['Accountant', 'Bookkeeper'] },
  { path: '/api/roles?category=Customer+Service', body: ['Customer Support Agent'] },
  { path: '/api/search-by-role?role=Bookkeeper&category=Finance', body: ALL_AGENTS.slice(0, 2) },
  { path: '/api/search-by-role?role=Accountant&category=Finance', body: [] },
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

  it('shows agents only once both a category and a role are chosen, and keeps the choice in the URL', async () => {
    const { router } = renderDirectory();
    await chooseCategory('Finance');
    expect(screen.queryByRole('heading', { level: 3, name: 'LedgerLark' })).toBeNull();
    await screen.findByRole('option', { name: 'Bookkeeper' });
    await userEvent.selectOptions(roleSelect(), 'Bookkeeper');
    expect(await screen.findByRole('heading', { level: 3, name: 'LedgerLark' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'ReceiptRaccoon' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/directory?category=Finance&role=Bookkeeper');
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

  it('reports "Error: Failed to fetch data" when the categories cannot be loaded', async () => {
    renderDirectory('/directory', [{ path: '/api/categories', status: 500 }, ...BASE]);
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to fetch data');
  });

  it('reports "Error: Failed to fetch data" when the first load of agents fails', async () => {
    renderDirectory('/directory', [{ path: '/api/directory/agents', networkError: true }, ...BASE]);
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to fetch data');
  });

  it('reports "Error: Failed to fetch roles" when a category\'s roles cannot be loaded', async () => {
    renderDirectory('/directory', [{ path: '/api/roles?category=Finance', status: 500 }, ...BASE]);
    await chooseCategory('Finance');
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to fetch roles');
  });

  it('reports "Error: Failed to fetch agents by role" when the agents cannot be loaded', async () => {
    renderDirectory('/directory?category=Finance&role=Bookkeeper', [
      { path: '/api/search-by-role?role=Bookkeeper&category=Finance', status: 500 },
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

  it('offers the categories as shortcuts with their agent counts before anything is chosen', async () => {
    const { router } = renderDirectory();
    const finance = await screen.findByRole('button', { name: /Finance\s*2 agents/ });
    await userEvent.click(finance);
    expect(currentUrl(router)).toBe('/directory?category=Finance');
  });
});
