import { screen } from '@testing-library/react';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { makeAgent } from '../../../testing/agents';
import type { FakeRoute } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import { makeUser } from '../../../testing/users';
import { EmployerSearchPage } from '../components/employer-search-page';
import { fakeEmployerSearch, type SearchRequest, searchesSent } from './fake-employer-search';

// The employer search page as its tests render it (employer-search-page.test.tsx,
// employer-search-filters.test.tsx): three agents, two of which state profile facts, behind the fake
// search endpoint, for a signed-in employer with the plan unless told otherwise.

export const EMPLOYER = makeUser({ user_type: 'employer', subscription_status: 'active' });
export const me = (user: object | null): FakeRoute => ({
  path: '/api/auth/me',
  body: user ? { success: true, user } : { success: false, user: null },
});
export const CSRF: FakeRoute = { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } };

// ReplyRanch states no profile; the other two state some facts (the search document's fields).
export const AGENTS = [
  makeAgent({ id: '1', name: 'ReplyRanch', pricing: 'freemium', price_monthly: 0 }),
  {
    ...makeAgent({
      id: '2',
      name: 'LedgerLark',
      category: 'Finance',
      role: 'Bookkeeper',
      provider: 'Fenwick &amp; Grove',
      pricing: 'paid',
      price_monthly: 29,
    }),
    integrations: ['Slack', 'QuickBooks'],
    languages: ['en' as const, 'es' as const],
    free_trial: true,
    starting_price_monthly: 29,
  },
  {
    ...makeAgent({
      id: '3',
      name: 'TaxTern',
      category: 'Finance',
      role: 'Tax Preparer',
      provider: 'Fenwick &amp; Grove',
      pricing: 'paid',
      price_monthly: 99,
    }),
    integrations: ['Slack'],
    languages: ['de' as const],
    starting_price_monthly: 99,
  },
];

export function renderSearch({
  user = EMPLOYER as object | null,
  url = '/employer/search',
  refuse,
}: {
  user?: object | null;
  url?: string;
  refuse?: Parameters<typeof fakeEmployerSearch>[2];
} = {}) {
  const fetchMock = fakeEmployerSearch(AGENTS, [CSRF, me(user)], refuse);
  const view = renderWithRouter(
    <AuthProvider>
      <EmployerSearchPage writeDelay={0} />
    </AuthProvider>,
    { url, path: '/employer/search' },
  );
  return { ...view, fetchMock };
}

export const lastSearch = (fetchMock: Parameters<typeof searchesSent>[0]) => searchesSent(fetchMock).at(-1)!;
export const mainRequest = (requests: SearchRequest[]) => requests[0]!;
export const facet = (name: string) => screen.getByRole('group', { name });
export const card = (name: string) => screen.getByRole('article', { name });
