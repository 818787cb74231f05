import '../../testing/dom-polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeAgent } from '../../testing/agents';
import { renderWithRouter } from '../../testing/render';
import { AgentCard } from './agent-card';

describe('AgentCard', () => {
  it('shows every field with HTML entities decoded', () => {
    renderWithRouter(
      <AgentCard
        agent={makeAgent({
          name: 'Q&amp;A Desk',
          provider: 'Fenwick &amp; Grove',
          description: 'Supports US GAAP &amp; IFRS &quot;out of the box&quot;.',
          cost: '$29/month',
          pricing: 'paid',
        })}
        onRoleSelect={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Q&A Desk' })).toBeTruthy();
    expect(screen.getByText(/by Fenwick & Grove/)).toBeTruthy();
    expect(screen.getByText('Supports US GAAP & IFRS "out of the box".')).toBeTruthy();
    expect(screen.getByText('Customer Service')).toBeTruthy();
    expect(screen.getByText('$29/month')).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
  });

  it("links the provider's name to its page while it has one (issue 25)", () => {
    renderWithRouter(
      <AgentCard
        agent={makeAgent({ provider: 'Fenwick &amp; Grove', provider_page: '/providers/fenwick-grove' })}
        onRoleSelect={() => {}}
      />,
    );
    const link = screen.getByRole('link', { name: 'Fenwick & Grove' });
    expect(link.getAttribute('href')).toBe('/providers/fenwick-grove');
  });

  it("keeps the provider's name as text without a page, and on the page itself", () => {
    const { unmount } = renderWithRouter(
      <AgentCard agent={makeAgent({ provider_page: null })} onRoleSelect={() => {}} />,
    );
    expect(screen.getByText(/by Quillstone Labs/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Quillstone Labs' })).toBeNull();
    unmount();
    renderWithRouter(
      <AgentCard agent={makeAgent({ provider_page: '/providers/quillstone' })} onRoleSelect={() => {}} />,
      { url: '/providers/quillstone' },
    );
    expect(screen.queryByRole('link', { name: 'Quillstone Labs' })).toBeNull();
    expect(screen.getByText(/by Quillstone Labs/)).toBeTruthy();
  });

  it('leaves out a provider and a cost that say "Unknown", rather than showing them as values', () => {
    renderWithRouter(
      <AgentCard agent={makeAgent({ provider: 'Unknown', cost: 'N/A' })} onRoleSelect={() => {}} />,
    );
    expect(screen.queryByText(/by Unknown/)).toBeNull();
    expect(screen.queryByText('Provider:')).toBeNull();
    expect(screen.queryByText('Cost')).toBeNull();
    expect(screen.queryByText('N/A')).toBeNull();
    expect(screen.getByRole('link', { name: /Use agent/ })).toBeTruthy();
  });

  it('links the name to the agent page', () => {
    renderWithRouter(<AgentCard agent={makeAgent({ id: '42' })} onRoleSelect={() => {}} />);
    expect(screen.getByRole('link', { name: 'ReplyRanch' }).getAttribute('href')).toBe('/agents/42');
  });

  it('adds https:// to an address without a scheme and opens it in a new tab, not followed by search engines', () => {
    renderWithRouter(
      <AgentCard agent={makeAgent({ address: 'replyranch.example/start' })} onRoleSelect={() => {}} />,
    );
    const link = screen.getByRole('link', { name: /Use agent/ });
    expect(link.getAttribute('href')).toBe('https://replyranch.example/start');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener nofollow ugc');
  });

  it('keeps an http:// address as it is', () => {
    renderWithRouter(
      <AgentCard agent={makeAgent({ address: 'http://old.example' })} onRoleSelect={() => {}} />,
    );
    expect(screen.getByRole('link', { name: /Use agent/ }).getAttribute('href')).toBe('http://old.example');
  });

  it('reports the role and category when the role chip is clicked', async () => {
    const onRoleSelect = jest.fn();
    renderWithRouter(<AgentCard agent={makeAgent()} onRoleSelect={onRoleSelect} />);
    await userEvent.click(screen.getByRole('button', { name: /Customer Support Agent/ }));
    expect(onRoleSelect).toHaveBeenCalledWith('Customer Support Agent', 'Customer Service');
  });

  it('shows highlighted fields when the search provides them', () => {
    renderWithRouter(
      <AgentCard agent={makeAgent()} highlights={{ name: <mark>Reply</mark> }} onRoleSelect={() => {}} />,
    );
    expect(screen.getByText('Reply').tagName).toBe('MARK');
  });

  it('shows its logo from our own address beside the name, or its initials when it has none (issue 25)', () => {
    const logo = `/api/logos/${'b'.repeat(64)}`;
    const { container, unmount } = renderWithRouter(
      <AgentCard agent={makeAgent({ name: 'Ledger Lark', logo })} onRoleSelect={() => {}} />,
    );
    expect(container.querySelector('.agent-card__identity img')?.getAttribute('src')).toBe(logo);
    unmount();
    const bare = renderWithRouter(
      <AgentCard agent={makeAgent({ name: 'Ledger Lark', logo: null })} onRoleSelect={() => {}} />,
    );
    expect(bare.container.querySelector('img')).toBeNull();
    expect(bare.container.querySelector('.agent-logo--initials')?.textContent).toBe('LL');
  });
});
