import '../../../testing/dom-polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeAgent } from '../../../testing/agents';
import { mockFetch } from '../../../testing/mock-fetch';
import { currentUrl, renderWithRouter } from '../../../testing/render';
import { AgentProfile } from './agent-profile';

const AGENT = makeAgent({
  id: '42',
  name: 'Q&amp;A Desk',
  description: 'Supports US GAAP &amp; IFRS.',
  cost: '$29/month',
  pricing: 'paid',
  address: 'qa-desk.example',
});

function renderProfile(routes: Parameters<typeof mockFetch>[0]) {
  mockFetch(routes);
  return renderWithRouter(<AgentProfile id="42" />, { url: '/agents/42', path: '/agents/:id' });
}

describe('AgentProfile', () => {
  it('shows everything about the agent, decoded, with its Use agent link and meta', async () => {
    renderProfile([
      { path: '/api/agents/42?view=page', body: AGENT },
      { path: '/api/agents/42/similar', body: [] },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Q&A Desk' })).toBeTruthy();
    expect(screen.getByText('Supports US GAAP & IFRS.')).toBeTruthy();
    expect(screen.getAllByText('$29/month').length).toBeGreaterThan(0);
    const link = screen.getByRole('link', { name: /Use agent/ });
    expect(link.getAttribute('href')).toBe('https://qa-desk.example');
    // Not followed: the followed link to a provider's site is the provider plan's, on its page.
    expect(link.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/agents/42`,
    );
    expect(JSON.parse(document.getElementById('structured-data')?.textContent ?? '{}')).toMatchObject({
      '@type': 'SoftwareApplication',
      name: 'Q&A Desk',
      offers: { price: '29', priceCurrency: 'USD' },
    });
  });

  it('lists similar agents as cards', async () => {
    renderProfile([
      { path: '/api/agents/42?view=page', body: AGENT },
      { path: '/api/agents/42/similar', body: [makeAgent({ id: '7', name: 'PatiencePorter' })] },
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Similar agents' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'PatiencePorter' })).toBeTruthy();
  });

  it('opens the directory at the role when the role chip is clicked', async () => {
    const { router } = renderProfile([
      { path: '/api/agents/42?view=page', body: AGENT },
      { path: '/api/agents/42/similar', body: [] },
    ]);
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getByRole('button', { name: /Customer Support Agent/ }));
    expect(currentUrl(router)).toBe('/directory?category=Customer+Service&role=Customer+Support+Agent');
  });

  it("links the provider's name to the provider's page when the provider has one", async () => {
    renderProfile([
      {
        path: '/api/agents/42?view=page',
        body: { ...AGENT, provider: 'Acme Labs', provider_page: '/providers/acme-labs' },
      },
      { path: '/api/agents/42/similar', body: [] },
    ]);
    await screen.findByRole('heading', { level: 1 });
    const links = screen.getAllByRole('link', { name: 'Acme Labs' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/providers/acme-labs',
      '/providers/acme-labs',
    ]);
  });

  it("leaves the provider's name as text when the provider has no page", async () => {
    renderProfile([
      { path: '/api/agents/42?view=page', body: { ...AGENT, provider: 'Acme Labs', provider_page: null } },
      { path: '/api/agents/42/similar', body: [] },
    ]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Acme Labs' })).toBeNull();
    expect(screen.getAllByText('Acme Labs').length).toBeGreaterThan(0);
  });

  it('leaves out what the listing does not know instead of showing "Unknown"', async () => {
    renderProfile([
      {
        path: '/api/agents/42?view=page',
        body: { ...AGENT, provider: 'Unknown', cost: 'Unknown', pricing: 'unknown' },
      },
      { path: '/api/agents/42/similar', body: [] },
    ]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Unknown')).toBeNull();
    expect(screen.queryByText(/by Unknown/)).toBeNull();
    expect(screen.queryByText('Provider')).toBeNull();
    expect(screen.queryByText('Cost')).toBeNull();
    expect(screen.queryByText('Pricing')).toBeNull();
    expect(screen.getByText('Category')).toBeTruthy();
  });

  it('says the pricing tier once, and the cost only when it says more than the tier', async () => {
    renderProfile([
      { path: '/api/agents/42?view=page', body: { ...AGENT, cost: 'Freemium', pricing: 'freemium' } },
      { path: '/api/agents/42/similar', body: [] },
    ]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByText('Freemium')).toHaveLength(1);
    expect(screen.queryByText('Cost')).toBeNull();
  });

  it('says "Usually replies within a day" only when the answer says the provider does', async () => {
    renderProfile([
      { path: '/api/agents/42?view=page', body: { ...AGENT, replies_within_day: true } },
      { path: '/api/agents/42/similar', body: [] },
    ]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Usually replies within a day')).toBeTruthy();
  });

  it('says nothing about reply times when there are too few replies to say', async () => {
    renderProfile([
      { path: '/api/agents/42?view=page', body: { ...AGENT, replies_within_day: false } },
      { path: '/api/agents/42/similar', body: [] },
    ]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/replies within/i)).toBeNull();
  });

  it('says clearly when the agent does not exist, with a way back', async () => {
    renderProfile([{ path: '/api/agents/42?view=page', status: 404, body: { error: 'Agent not found' } }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the directory' }).getAttribute('href')).toBe(
      '/directory',
    );
    expect(screen.getByRole('link', { name: 'Back to search' }).getAttribute('href')).toBe('/');
  });

  it('tells a network failure apart from a missing agent', async () => {
    renderProfile([{ path: '/api/agents/42?view=page', networkError: true }]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not load this agent' }),
    ).toBeTruthy();
  });
});
