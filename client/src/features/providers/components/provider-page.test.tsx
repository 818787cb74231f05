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
};

function renderProvider(routes: FakeRoute[], slug = 'fenwick-grove') {
  mockFetch(routes);
  return renderWithRouter(<ProviderPage slug={slug} />, {
    url: `/providers/${slug}`,
    path: '/providers/:slug',
  });
}

describe('ProviderPage', () => {
  it("shows the provider's name, a followed link to their site and their agents as cards", async () => {
    renderProvider([{ path: '/api/providers/fenwick-grove', body: PAGE }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fenwick & Grove' })).toBeTruthy();
    const site = screen.getByRole('link', { name: 'fenwick.example' });
    expect(site.getAttribute('href')).toBe('https://fenwick.example');
    expect(site.getAttribute('rel')).toBe('noopener');
    expect(screen.getByRole('heading', { level: 3, name: 'LedgerLark' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'ReceiptRaccoon' })).toBeTruthy();
  });

  it('sets the title, description and canonical link of the page', async () => {
    renderProvider([{ path: '/api/providers/fenwick-grove', body: PAGE }]);
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
    const { router } = renderProvider([{ path: '/api/providers/fenwick-grove', body: PAGE }]);
    await userEvent.click(await screen.findByRole('button', { name: /Bookkeeper/ }));
    expect(currentUrl(router)).toBe('/directory?category=Finance&role=Bookkeeper');
  });

  it("says 'Provider not found' with a way to the directory for an unknown or unsubscribed provider", async () => {
    renderProvider(
      [{ path: '/api/providers/nobody', status: 404, body: { error: 'Provider not found' } }],
      'nobody',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Provider not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the directory' }).getAttribute('href')).toBe(
      '/directory',
    );
  });

  it('shows a provider with many agents a page at a time (24), the rest with "Show more"', async () => {
    const agents = Array.from({ length: 30 }, (_, i) =>
      makeAgent({ id: String(i + 1), name: `Agent ${String(i + 1).padStart(2, '0')}`, category: 'Finance' }),
    );
    renderProvider([{ path: '/api/providers/fenwick-grove', body: { ...PAGE, agents } }]);
    await screen.findByRole('heading', { level: 3, name: 'Agent 01' });
    expect(screen.getAllByRole('article')).toHaveLength(24);
    expect(screen.getByText('Showing 24 of 30 agents')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getAllByRole('article')).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
