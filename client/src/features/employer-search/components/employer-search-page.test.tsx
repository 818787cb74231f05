import '../../../testing/dom-polyfills';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { compareStore } from '../../../lib/compare-selection';
import { makeAgent } from '../../../testing/agents';
import { calls } from '../../../testing/mock-fetch';
import { currentUrl, renderWithRouter } from '../../../testing/render';
import { EMPLOYER_MULTI_SEARCH_PATH } from '../api/employer-search-client';
import { fakeEmployerSearch, searchesSent } from '../testing/fake-employer-search';
import {
  AGENTS,
  CSRF,
  card,
  EMPLOYER,
  facet,
  lastSearch,
  mainRequest,
  me,
  renderSearch,
} from '../testing/render-employer-search';
import { EmployerSearchPage } from './employer-search-page';

// The page for those without the employer plan, and for an employer with it: browsing, the URL,
// a shared search, each agent's actions, typing, pages, role chips and saving the search. The
// filters and the order: employer-search-filters.test.tsx.

beforeEach(() => act(() => compareStore().clear()));

describe('/employer/search for those without the employer plan', () => {
  it('shows a visitor what it offers and how to get it, and searches nothing', async () => {
    const { fetchMock } = renderSearch({ user: null });
    expect(await screen.findByRole('heading', { level: 2, name: 'Part of the employer plan' })).toBeTruthy();
    expect(screen.getByText('Filters with counts')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an employer account' }).getAttribute('href')).toBe(
      '/employer-signup',
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(screen.queryByRole('search')).toBeNull();
    expect(calls(fetchMock)).not.toContain(`POST ${EMPLOYER_MULTI_SEARCH_PATH}`);
  });

  it('invites an employer whose subscription has ended to subscribe again', async () => {
    const { router } = renderSearch({ user: { ...EMPLOYER, subscription_status: 'inactive' } });
    await userEvent.click(await screen.findByRole('link', { name: 'Subscribe for $40/month' }));
    expect(currentUrl(router)).toBe('/account-setup');
    expect(router.state.location.state).toEqual({ mode: 'upgrade' });
  });

  it('tells a provider that the tools belong to employer accounts', async () => {
    renderSearch({ user: { ...EMPLOYER, user_type: 'agent_provider' } });
    expect(await screen.findByText(/Your account is a provider account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'About employer accounts' })).toBeTruthy();
  });

  it('shows the invitation when the server says the subscription has ended', async () => {
    renderSearch({
      refuse: () => ({ status: 403, body: { success: false, error: 'No', requires_subscription: true } }),
    });
    expect(await screen.findByRole('link', { name: 'Subscribe for $40/month' })).toBeTruthy();
  });
});

describe('/employer/search for an employer with the plan', () => {
  it('browses every agent with facet counts, searching with the CSRF token', async () => {
    const { fetchMock } = renderSearch();
    expect(await screen.findByText('3 agents match')).toBeTruthy();
    expect(card('LedgerLark')).toBeTruthy();
    expect(within(facet('Category')).getByRole('checkbox', { name: /Finance\s*2/ })).toBeTruthy();
    expect(within(facet('Provider')).getByRole('checkbox', { name: /Fenwick & Grove\s*2/ })).toBeTruthy();
    expect(within(facet('Pricing tier')).getByRole('checkbox', { name: /Paid\s*2/ })).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url]) => url === EMPLOYER_MULTI_SEARCH_PATH)!;
    expect((post[1]!.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-1');
    expect(mainRequest(lastSearch(fetchMock)).params).toMatchObject({ query: '', hitsPerPage: 12 });
  });

  it('puts a refinement in the URL, and the back button takes it out again', async () => {
    const { fetchMock, router } = renderSearch();
    await screen.findByText('3 agents match');
    await userEvent.click(within(facet('Category')).getByRole('checkbox', { name: /Finance/ }));
    expect(await screen.findByText('2 agents match')).toBeTruthy();
    await waitFor(() => expect(currentUrl(router)).toBe('/employer/search?category=Finance'));
    expect(mainRequest(lastSearch(fetchMock)).params.facetFilters).toEqual([['category:Finance']]);

    await userEvent.click(within(facet('Pricing tier')).getByRole('checkbox', { name: /Paid/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/employer/search?category=Finance&pricing=paid'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(currentUrl(router)).toBe('/employer/search?category=Finance'));
    await waitFor(() =>
      expect(mainRequest(lastSearch(fetchMock)).params.facetFilters).toEqual([['category:Finance']]),
    );
    expect(
      (within(facet('Pricing tier')).getByRole('checkbox', { name: /Paid/ }) as HTMLInputElement).checked,
    ).toBe(false);
    await act(() => router.navigate(-1));
    expect(await screen.findByText('3 agents match')).toBeTruthy();
  });

  it('opens a shared search as it was: query, filters, price range, order and page', async () => {
    const { fetchMock } = renderSearch({
      url: '/employer/search?q=tax&category=Finance&price_min=10&price_max=120&sort=price_desc&page=2',
    });
    await waitFor(() => expect(searchesSent(fetchMock).length).toBeGreaterThan(0));
    const request = mainRequest(searchesSent(fetchMock)[0]!);
    expect(request.indexName).toBe('agents_price_desc');
    expect(request.params).toMatchObject({
      query: 'tax',
      page: 1,
      facetFilters: [['category:Finance']],
      numericFilters: ['price_monthly>=10', 'price_monthly<=120'],
    });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('tax');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('agents_price_desc');
    // The price inputs follow the range widget, which takes the URL's range once InstantSearch has
    // answered: wait for that rather than for the first request only (it failed under load).
    await waitFor(() =>
      expect((within(facet('Price per month (USD)')).getByLabelText('From') as HTMLInputElement).value).toBe(
        '10',
      ),
    );
    expect((within(facet('Price per month (USD)')).getByLabelText('To') as HTMLInputElement).value).toBe(
      '120',
    );
    expect(await screen.findByRole('button', { name: 'Remove Category: Finance' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Price per month: from $10' })).toBeTruthy();
  });

  it('offers Compare, Save to list and Contact / Request demo on each agent, with the compare bar', async () => {
    renderSearch();
    await screen.findByText('3 agents match');
    const hit = card('LedgerLark').closest('li')!;
    expect(within(hit).getByRole('button', { name: 'Save to list (LedgerLark)' })).toBeTruthy();
    expect(within(hit).getByRole('button', { name: 'Contact / Request demo (LedgerLark)' })).toBeTruthy();
    await userEvent.click(within(hit).getByRole('button', { name: 'Compare LedgerLark' }));
    await userEvent.click(
      within(card('TaxTern').closest('li')!).getByRole('button', { name: 'Compare TaxTern' }),
    );
    const bar = screen.getByRole('complementary', { name: 'Agents to compare' });
    expect(within(bar).getByRole('link', { name: 'Compare (2)' }).getAttribute('href')).toBe(
      '/compare?ids=2,3',
    );
  });

  it('searches as the employer types, putting the query in the URL', async () => {
    const { fetchMock, router } = renderSearch();
    await screen.findByText('3 agents match');
    await userEvent.type(screen.getByRole('searchbox'), 'ledger');
    expect(await screen.findByText('1 agent matches')).toBeTruthy();
    await waitFor(() => expect(currentUrl(router)).toBe('/employer/search?q=ledger'));
    expect(mainRequest(lastSearch(fetchMock)).params.query).toBe('ledger');
  });

  it('moves to the next page of results from the pagination, with the page in the URL', async () => {
    const many = Array.from({ length: 14 }, (_, index) =>
      makeAgent({ id: `m${index}`, name: `Agent ${index}` }),
    );
    const fetchMock = fakeEmployerSearch(many, [CSRF, me(EMPLOYER)]);
    const { router } = renderWithRouter(
      <AuthProvider>
        <EmployerSearchPage writeDelay={0} />
      </AuthProvider>,
      { url: '/employer/search', path: '/employer/search' },
    );
    await screen.findByText('14 agents match');
    const pages = screen.getByRole('navigation', { name: 'Result pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '/employer/search?page=2',
    );
    await userEvent.click(within(pages).getByRole('link', { name: 'Page 2' }));
    expect(await screen.findByRole('article', { name: 'Agent 13' })).toBeTruthy();
    await waitFor(() => expect(currentUrl(router)).toBe('/employer/search?page=2'));
    expect(mainRequest(lastSearch(fetchMock)).params.page).toBe(1);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('14 agents match'));
  });

  it('narrows to a role when its chip is clicked', async () => {
    const { router } = renderSearch();
    await screen.findByText('3 agents match');
    await userEvent.click(within(card('TaxTern')).getByRole('button', { name: /Tax Preparer/ }));
    expect(await screen.findByText('1 agent matches')).toBeTruthy();
    await waitFor(() => expect(currentUrl(router)).toBe('/employer/search?role=Tax+Preparer'));
  });

  it('saves the search on the screen, with its filters, price range and order, and a daily digest', async () => {
    const saved = {
      id: 's1',
      name: 'Finance by price',
      search: {
        query: 'tax',
        filters: { category: ['Finance'] },
        price_min: 10,
        price_max: 120,
        starting_price_min: null,
        starting_price_max: null,
        sort: 'price_desc',
      },
      alert: 'daily',
      path: '/employer/search?q=tax&category=Finance&price_min=10&price_max=120&sort=price_desc',
      last_digest_at: '2026-11-27T10:00:00.000Z',
      next_digest_at: '2026-11-28T10:00:00.000Z',
      created_at: '2026-11-27T10:00:00.000Z',
      updated_at: '2026-11-27T10:00:00.000Z',
    };
    const fetchMock = fakeEmployerSearch(AGENTS, [
      CSRF,
      me(EMPLOYER),
      {
        method: 'POST',
        path: '/api/employer/saved-searches',
        status: 201,
        body: { success: true, saved_search: saved },
      },
    ]);
    renderWithRouter(
      <AuthProvider>
        <EmployerSearchPage writeDelay={0} />
      </AuthProvider>,
      {
        url: '/employer/search?q=tax&category=Finance&price_min=10&price_max=120&sort=price_desc&page=2',
        path: '/employer/search',
      },
    );
    await screen.findByRole('button', { name: 'Remove Category: Finance' });
    await userEvent.click(screen.getByRole('button', { name: 'Save this search' }));
    const form = screen.getByRole('form', { name: 'Save this search' });
    expect(within(form).getByText('"tax" · Category: Finance · $10–$120 a month')).toBeTruthy();
    expect(
      (within(form).getByLabelText('E-mail me new and changed matches') as HTMLSelectElement).value,
    ).toBe('daily');
    const name = within(form).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Finance by price');
    await userEvent.click(within(form).getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText(/Saved "Finance by price"/)).toBeTruthy();
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/employer/saved-searches' && init?.method === 'POST',
    )!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      name: 'Finance by price',
      search: {
        query: 'tax',
        filters: { category: ['Finance'] },
        price_min: 10,
        price_max: 120,
        starting_price_min: null,
        starting_price_max: null,
        sort: 'price_desc',
      },
      alert: 'daily',
    });
  });
});
