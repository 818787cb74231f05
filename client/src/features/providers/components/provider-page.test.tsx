import '../../../testing/dom-polyfills';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeAgent } from '../../../testing/agents';
import { type FakeRoute, mockFetch } from '../../../testing/mock-fetch';
import { currentUrl, renderWithRouter } from '../../../testing/render';
import { ProviderPage } from './provider-page';

const PAGE = {
  name: 'Fenwick &amp; Grove',
  slug: 'fenwick-grove',
  website: 'fenwick.example',
  agents: [
    makeAgent({
      id: '1',
      name: 'LedgerLark',
      provider: 'Fenwick &amp; Grove',
      category: 'Finance',
      role: 'Bookkeeper',
    }),
    makeAgent({
      id: '2',
      name: 'ReceiptRaccoon',
      provider: 'Fenwick &amp; Grove',
      category: 'Finance',
      role: 'Accountant',
    }),
  ],
  total: 2,
  verified_domains: [],
};

const FIRST = '/api/providers/fenwick-grove?limit=24';

function renderProvider(routes: FakeRoute[], slug = 'fenwick-grove', query = '') {
  const fetched = mockFetch(routes);
  const view = renderWithRouter(<ProviderPage slug={slug} />, {
    url: `/providers/${slug}${query}`,
    path: '/providers/:slug',
  });
  return { ...view, fetched };
}

/** The cards shown (a plain query: role queries over 60 cards take seconds in jsdom). */
const cards = () => document.querySelectorAll('article.agent-card');

/** The "Show more" link (a plain query, as for the cards). */
const showMore = () => screen.getByText('Show more', { selector: 'a' });

/** `count` agents numbered from `from`, as the API answers a page of them. */
const agentsFrom = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeAgent({
      id: String(from + i),
      name: `Agent ${String(from + i).padStart(2, '0')}`,
      category: 'Finance',
    }),
  );

describe('ProviderPage', () => {
  it("shows the provider's name, a followed link to their site and their agents as cards", async () => {
    renderProvider([{ path: FIRST, body: PAGE }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fenwick & Grove' })).toBeTruthy();
    const site = screen.getByRole('link', { name: 'fenwick.example' });
    expect(site.getAttribute('href')).toBe('https://fenwick.example');
    expect(site.getAttribute('rel')).toBe('noopener');
    expect(screen.getByRole('heading', { level: 3, name: 'LedgerLark' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'ReceiptRaccoon' })).toBeTruthy();
  });

  it('sets the title, description and canonical link of the page', async () => {
    renderProvider([{ path: FIRST, body: PAGE }]);
    await screen.findByRole('heading', { level: 1, name: 'Fenwick & Grove' });
    await waitFor(() => expect(document.title).toBe('Fenwick & Grove: AI agents | Rolecall'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Fenwick & Grove on Rolecall: 2 AI agents (Bookkeeper, Accountant).',
    );
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/providers/fenwick-grove`,
    );
  });

  it('opens the directory for a role chosen on a card', async () => {
    const { router } = renderProvider([{ path: FIRST, body: PAGE }]);
    await userEvent.click(await screen.findByRole('button', { name: /Bookkeeper/ }));
    expect(currentUrl(router)).toBe('/directory?category=Finance&role=Bookkeeper');
  });

  it("says 'Provider not found' with a way to the directory for an unknown or unsubscribed provider", async () => {
    renderProvider(
      [{ path: '/api/providers/nobody?limit=24', status: 404, body: { error: 'Provider not found' } }],
      'nobody',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Provider not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the directory' }).getAttribute('href')).toBe(
      '/directory',
    );
  });

  it('reads a provider with many agents a page at a time: "Show more" is a link to the next page that appends it', async () => {
    const { fetched, router } = renderProvider([
      { path: FIRST, body: { ...PAGE, agents: agentsFrom(1, 24), total: 60 } },
      { path: `${FIRST}&offset=24`, body: { ...PAGE, agents: agentsFrom(25, 24), total: 60 } },
      { path: `${FIRST}&offset=48`, body: { ...PAGE, agents: agentsFrom(49, 12), total: 60 } },
    ]);
    await screen.findByText('Agent 01', { selector: 'h3 a' });
    expect(screen.getByText('60 AI agents by Fenwick & Grove.')).toBeTruthy();
    expect(cards()).toHaveLength(24);
    expect(screen.getByText('Showing 24 of 60 agents')).toBeTruthy();
    const more = showMore();
    // Followed without JavaScript, it opens the next page.
    expect(more.getAttribute('href')).toBe('/providers/fenwick-grove?page=2');
    await userEvent.click(more);
    await screen.findByText('Agent 48', { selector: 'h3 a' });
    expect(cards()).toHaveLength(48);
    expect(showMore().getAttribute('href')).toBe('/providers/fenwick-grove?page=3');
    // The first new card takes the focus.
    await waitFor(() =>
      expect(document.activeElement?.closest('article')?.textContent).toContain('Agent 25'),
    );
    await userEvent.click(showMore());
    await screen.findByText('Agent 60', { selector: 'h3 a' });
    expect(cards()).toHaveLength(60);
    expect(screen.queryByText('Show more', { selector: 'a' })).toBeNull();
    // Appended in place: the address stays, and each page was read once, 24 agents at most.
    expect(currentUrl(router)).toBe('/providers/fenwick-grove');
    expect(fetched.mock.calls.map(([url]) => url)).toEqual([
      FIRST,
      `${FIRST}&offset=24`,
      `${FIRST}&offset=48`,
    ]);
  });

  it('opens ?page=2 at its own agents, with the way back to the first ones', async () => {
    const { router } = renderProvider(
      [
        { path: `${FIRST}&offset=24`, body: { ...PAGE, agents: agentsFrom(25, 24), total: 60 } },
        { path: FIRST, body: { ...PAGE, agents: agentsFrom(1, 24), total: 60 } },
      ],
      'fenwick-grove',
      '?page=2',
    );
    await screen.findByText('Agent 25', { selector: 'h3 a' });
    expect(screen.queryByText('Agent 01', { selector: 'h3 a' })).toBeNull();
    expect(screen.getByText('Showing agents 25–48 of 60')).toBeTruthy();
    expect(showMore().getAttribute('href')).toBe('/providers/fenwick-grove?page=3');
    await waitFor(() => expect(document.title).toBe('Fenwick & Grove: AI agents, page 2 | Rolecall'));
    await userEvent.click(screen.getByRole('link', { name: 'Back to the first agents' }));
    await screen.findByText('Agent 01', { selector: 'h3 a' });
    expect(currentUrl(router)).toBe('/providers/fenwick-grove');
  });

  it('says a page past the last lists no agents, linking to the first', async () => {
    renderProvider(
      [{ path: `${FIRST}&offset=216`, body: { ...PAGE, agents: [], total: 60 } }],
      'fenwick-grove',
      '?page=10',
    );
    expect(await screen.findByText(/This page lists no agents: Fenwick & Grove lists 60/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the first agents' }).getAttribute('href')).toBe(
      '/providers/fenwick-grove',
    );
  });

  it('keeps "Show more" to try again when the next page cannot be read', async () => {
    renderProvider([
      { path: FIRST, body: { ...PAGE, agents: agentsFrom(1, 24), total: 30 } },
      { path: `${FIRST}&offset=24`, networkError: true },
    ]);
    await userEvent.click(await screen.findByText('Show more', { selector: 'a' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not load more agents. Please try again.',
    );
    expect(cards()).toHaveLength(24);
    expect(showMore()).toBeTruthy();
  });

  it('shows the domains the provider proved, whichever page is shown', async () => {
    renderProvider([{ path: FIRST, body: { ...PAGE, verified_domains: ['fenwick.example'] } }]);
    expect(await screen.findByText('fenwick.example', { selector: '.provider-page__domain' })).toBeTruthy();
  });
});
