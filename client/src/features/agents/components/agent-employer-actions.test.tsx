import '../../../testing/dom-polyfills';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { compareStore } from '../../../lib/compare-selection';
import { makeAgent } from '../../../testing/agents';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import { AgentProfile } from './agent-profile';

const AGENT = makeAgent({ id: '42', name: 'Q&amp;A Desk' });

function renderProfile() {
  mockFetch([
    { path: '/api/auth/me', body: { success: false, user: null } },
    { path: '/api/agents/42?view=page', body: AGENT },
    { path: '/api/agents/42/similar', body: [] },
  ]);
  return renderWithRouter(
    <AuthProvider>
      <AgentProfile id="42" />
    </AuthProvider>,
    { url: '/agents/42', path: '/agents/:id' },
  );
}

beforeEach(() => act(() => compareStore().clear()));

describe('the agent page: employer tools', () => {
  it('adds the agent to the comparison, shown in the compare bar', async () => {
    act(() => {
      compareStore().toggle({ id: '7', name: 'PatiencePorter' });
    });
    renderProfile();
    const tools = await screen.findByRole('region', { name: 'Considering this agent?' });
    await userEvent.click(within(tools).getByRole('button', { name: 'Compare Q&A Desk' }));
    const bar = screen.getByRole('complementary', { name: 'Agents to compare' });
    expect(within(bar).getByRole('link', { name: 'Compare (2)' }).getAttribute('href')).toBe(
      '/compare?ids=7,42',
    );
    expect(within(bar).getByRole('link', { name: 'Q&A Desk' }).getAttribute('href')).toBe('/agents/42');
  });

  it('opens Contact / Request demo, which shows a visitor how to get it', async () => {
    renderProfile();
    const tools = await screen.findByRole('region', { name: 'Considering this agent?' });
    await userEvent.click(within(tools).getByRole('button', { name: 'Contact / Request demo (Q&A Desk)' }));
    const dialog = screen.getByRole('dialog', { name: 'Contact the provider of Q&A Desk' });
    expect(within(dialog).getByRole('link', { name: 'Create an employer account' })).toBeTruthy();
  });
});
