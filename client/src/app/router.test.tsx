import '../testing/dom-polyfills';
import { configure, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../lib/auth/auth-provider';
import { mockFetch } from '../testing/mock-fetch';
import { routes } from './router';

// Lazy route modules import their stylesheets; jest has no CSS transform for this workspace.
jest.mock('../features/directory/components/directory.css', () => ({}));
jest.mock('../features/agents/components/agent-profile.css', () => ({}));
jest.mock('../features/legal/components/legal.css', () => ({}));

// Each lazy route module is compiled on its first import in the test: on a busy machine that alone
// can take more than the default second, which would fail the finding, not the page.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  // React Router's scroll restoration scrolls on navigation; jsdom does not implement scrolling.
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});

function renderApp(url: string) {
  mockFetch([
    { path: '/api/auth/me', body: { success: false, user: null } },
    { path: '/api/agents/count', body: { count: 100 } },
    { path: '/api/categories', body: [] },
    { path: '/api/directory/agents', body: [] },
    { path: '/api/csrf-token', body: { success: true, csrf_token: 'token' } },
    { path: '/api/admin/session', body: { success: true, admin: null } },
    {
      path: '/api/admin/agents?limit=100&offset=0',
      status: 401,
      body: { success: false, error: 'Not signed in' },
    },
  ]);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return router;
}

describe('routes', () => {
  it('says an unknown path is no page, at that address, with the ways on', async () => {
    const router = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no/such/page');
    expect(screen.getByRole('link', { name: 'Search agents' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Browse the directory' }).getAttribute('href')).toBe(
      '/directory',
    );
    expect(document.title).toBe('Page not found | Rolecall');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('frames every page with a skip link, header, main and footer', async () => {
    renderApp('/');
    await screen.findByRole('link', { name: 'Sign In' });
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main-content');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main-content');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'For AI assistants' }).getAttribute('href')).toBe(
      '/for-ai-assistants',
    );
  });

  it('serves the page for AI assistants at /for-ai-assistants', async () => {
    renderApp('/for-ai-assistants');
    expect(await screen.findByRole('heading', { level: 1, name: 'For AI assistants' })).toBeTruthy();
    expect(document.title).toBe('For AI assistants: connect to Rolecall over MCP');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it.each(['/admin', '/admin/directory'])(
    'serves the admin screen at %s, behind its own login',
    async (url) => {
      renderApp(url);
      expect(await screen.findByRole('heading', { level: 1, name: 'Admin login' })).toBeTruthy();
      expect(document.title).toBe('Admin | Rolecall');
      // Staff pages: no search engine should index them.
      expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    },
  );

  it('serves the all-agents list at /rjs', async () => {
    renderApp('/rjs');
    expect(await screen.findByRole('heading', { level: 1, name: 'All agents' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch agents');
  });

  it.each([
    ['/register-agent', 'Register your AI agent'],
    ['/register-agent/', 'Register your AI agent'],
    ['/account-setup', 'Complete Your Account Setup'],
    ['/subscription/success', 'Subscription'],
    ['/subscription/cancel', 'Checkout cancelled'],
    ['/signin', 'Sign in'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password', 'Choose a new password'],
    ['/employer-signup', 'Create your employer account'],
  ])('serves the account screen %s ("%s")', async (url, heading) => {
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it.each(['/dashboard', '/employer-dashboard', '/subscription/manage'])(
    'sends a visitor who is not signed in from %s to /signin',
    async (url) => {
      const router = renderApp(url);
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/signin');
    },
  );

  it.each([
    ['/privacy', 'Privacy policy'],
    ['/terms', 'Terms of service'],
    ['/directory', 'AI agent directory'],
  ])('loads %s lazily', async (url, heading) => {
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });
});
