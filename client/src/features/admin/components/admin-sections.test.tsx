import '../../../testing/dom-polyfills';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../testing/mock-fetch';
import { currentUrl, renderWithRouter } from '../../../testing/render';
import { adminCsrfToken, dashboardRoutes, signedIn } from '../testing/admin-api';
import { makeAdminAgent, makeSubscriber } from '../testing/admin-fixtures';
import { AdminPage } from './admin-page';

function renderAt(url: string) {
  mockFetch([
    signedIn,
    adminCsrfToken,
    ...dashboardRoutes({ agents: [makeAdminAgent()], subscribers: [makeSubscriber()] }),
  ]);
  return renderWithRouter(<AdminPage />, { url, path: '/admin' });
}

const nav = () => screen.getByRole('navigation', { name: 'Staff area sections' });

describe('Admin screen: sections', () => {
  it('opens on the overview alone, each section a link of its own', async () => {
    renderAt('/admin');
    expect(await screen.findByRole('heading', { level: 2, name: 'Overview' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Manage Agents' })).toBeNull();
    expect(within(nav()).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav()).getByRole('link', { name: 'Agents' }).getAttribute('href')).toBe(
      '/admin?section=agents',
    );
  });

  it('shows the section its address names, and Back returns to the one before', async () => {
    const { router } = renderAt('/admin?section=agents');
    expect(await screen.findByRole('heading', { level: 2, name: 'Manage Agents' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Overview' })).toBeNull();
    await userEvent.click(within(nav()).getByRole('link', { name: 'Subscribers' }));
    expect(currentUrl(router)).toBe('/admin?section=subscribers');
    expect(screen.queryByRole('heading', { level: 2, name: 'Manage Agents' })).toBeNull();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 2, name: 'Manage Agents' })).toBeTruthy();
  });
});
