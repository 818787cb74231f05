import '../../../testing/dom-polyfills';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compareStore } from '../../../lib/compare-selection';
import { currentUrl } from '../../../testing/render';
import { card, facet, lastSearch, mainRequest, renderSearch } from '../testing/render-employer-search';

// The advanced search's filters and order on /employer/search: a price range and the order by price,
// the facts of agent profiles as facets, the starting price per month, a range that reads backwards,
// removing filters, and an order the server does not know. The rest of the page:
// employer-search-page.test.tsx.

beforeEach(() => act(() => compareStore().clear()));

describe('/employer/search for an employer with the plan', () => {
  it('filters by a price range and sorts by price, both in the URL', async () => {
    const { fetchMock, router } = renderSearch();
    await screen.findByText('3 agents match');
    await userEvent.type(within(facet('Price per month (USD)')).getByLabelText('From'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Apply price range' }));
    expect(await screen.findByText('2 agents match')).toBeTruthy();
    expect(mainRequest(lastSearch(fetchMock)).params.numericFilters).toEqual(['price_monthly>=20']);
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
    await waitFor(() => expect(currentUrl(router)).toBe('/employer/search?price_min=20&sort=price_asc'));
    // The URL can change a render before InstantSearch sends the search of the new order.
    await waitFor(() => expect(mainRequest(lastSearch(fetchMock)).indexName).toBe('agents_price_asc'));
  });

  it('offers the facts of agent profiles as filters, counting only the agents that state them', async () => {
    const { fetchMock, router } = renderSearch();
    expect(await screen.findByText('3 agents match')).toBeTruthy();
    expect(within(facet('Integration')).getByRole('checkbox', { name: /^Slack\s*2$/ })).toBeTruthy();
    // Codes read as names; a yes/no as words; a fact nobody states is an empty list, no "not stated".
    expect(within(facet('Language')).getByRole('checkbox', { name: /^Spanish\s*1$/ })).toBeTruthy();
    expect(
      within(facet('Free trial')).getByRole('checkbox', { name: /^Offers a free trial\s*1$/ }),
    ).toBeTruthy();
    expect(within(facet('Certification (claimed)')).queryAllByRole('checkbox')).toEqual([]);
    expect(facet('Certification (claimed)').querySelector('.facet--empty')).not.toBeNull();

    await userEvent.click(within(facet('Integration')).getByRole('checkbox', { name: /^Slack/ }));
    expect(await screen.findByText('2 agents match')).toBeTruthy();
    await userEvent.click(within(facet('Language')).getByRole('checkbox', { name: /^Spanish/ }));
    expect(await screen.findByText('1 agent matches')).toBeTruthy();
    expect(card('LedgerLark')).toBeTruthy();
    await waitFor(() => expect(currentUrl(router)).toBe('/employer/search?integrations=Slack&languages=es'));
    expect(mainRequest(lastSearch(fetchMock)).params.facetFilters).toEqual([
      ['integrations:Slack'],
      ['languages:es'],
    ]);
    expect(screen.getByRole('button', { name: 'Remove Language: Spanish' })).toBeTruthy();
  });

  it('bounds the starting price per month from the profiles, in the URL as from_min and from_max', async () => {
    const { fetchMock, router } = renderSearch();
    await screen.findByText('3 agents match');
    const range = facet('Starting price per month (USD)');
    await userEvent.type(within(range).getByLabelText('To'), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Apply starting price range' }));
    expect(await screen.findByText('1 agent matches')).toBeTruthy();
    expect(mainRequest(lastSearch(fetchMock)).params.numericFilters).toEqual(['starting_price_monthly<=50']);
    await waitFor(() => expect(currentUrl(router)).toBe('/employer/search?from_max=50'));
    expect(screen.getByRole('button', { name: 'Remove Starting price: up to $50' })).toBeTruthy();
  });

  it('refuses a price range that reads backwards', async () => {
    renderSearch();
    await screen.findByText('3 agents match');
    await userEvent.type(within(facet('Price per month (USD)')).getByLabelText('From'), '50');
    await userEvent.type(within(facet('Price per month (USD)')).getByLabelText('To'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply price range' }));
    expect(screen.getByRole('alert').textContent).toBe('The lowest price is above the highest');
  });

  it('removes one filter, or all of them, and moves focus to the results count', async () => {
    const { router } = renderSearch({ url: '/employer/search?category=Finance&pricing=paid' });
    expect(await screen.findByText('2 agents match')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Pricing tier: Paid' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/employer/search?category=Finance'));
    expect(document.activeElement?.textContent).toBe('2 agents match');
    await userEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(await screen.findByText('3 agents match')).toBeTruthy();
    await waitFor(() => expect(currentUrl(router)).toBe('/employer/search'));
  });

  it('falls back to relevance, and stops offering the order, when the server does not know it', async () => {
    const { fetchMock, router } = renderSearch({
      url: '/employer/search?sort=name',
      refuse: (request) =>
        request.indexName === 'agents_name'
          ? { status: 400, body: { success: false, error: 'Unknown index' } }
          : undefined,
    });
    expect(await screen.findByText(/Sorting by "Name: A to Z" is not available yet/)).toBeTruthy();
    expect(await screen.findByText('3 agents match')).toBeTruthy();
    expect(mainRequest(lastSearch(fetchMock)).indexName).toBe('agents');
    await waitFor(() => expect(currentUrl(router)).toBe('/employer/search'));
    const options = within(screen.getByLabelText('Sort by')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Relevance',
      'Price: low to high',
      'Price: high to low',
      'Newest',
    ]);
  });
});
