import '../../../testing/dom-polyfills';
import { act, screen } from '@testing-library/react';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { makeAgent } from '../../../testing/agents';
import { renderWithRouter } from '../../../testing/render';
import { makeUser } from '../../../testing/users';
import { EMPLOYER_MULTI_SEARCH_PATH } from '../api/employer-search-client';
import { fakeEmployerSearch } from '../testing/fake-employer-search';
import { EmployerSearchPage } from './employer-search-page';

// The count above the results is the page's answer: before the first answer has come it must not
// say there is none. The newcomer pass (session 12, 390x844, load 22) saw "No close match" on a
// phone until the results arrived.

const EMPLOYER = makeUser({ user_type: 'employer', subscription_status: 'active' });

it('says "Searching..." until the first answer comes, then the count, never "No close match" before it', async () => {
  const fake = fakeEmployerSearch(
    [makeAgent({ id: '1', name: 'ReplyRanch' }), makeAgent({ id: '2', name: 'LedgerLark' })],
    [
      { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } },
      { path: '/api/auth/me', body: { success: true, user: EMPLOYER } },
    ],
  );
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    if (input === EMPLOYER_MULTI_SEARCH_PATH) await held;
    return fake(input, init);
  }) as unknown as typeof fetch;
  renderWithRouter(
    <AuthProvider>
      <EmployerSearchPage writeDelay={0} />
    </AuthProvider>,
    { url: '/employer/search', path: '/employer/search' },
  );
  expect(await screen.findByText('Searching...')).toBeTruthy();
  expect(screen.queryByText('No close match')).toBeNull();
  await act(async () => release());
  expect(await screen.findByText('2 agents match')).toBeTruthy();
  expect(screen.queryByText('Searching...')).toBeNull();
});
