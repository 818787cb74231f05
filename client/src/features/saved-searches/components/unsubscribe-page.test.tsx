import '../../../testing/dom-polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, mockFetch } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import { UnsubscribePage } from './unsubscribe-page';

const URL_OF_LINK = '/saved-searches/unsubscribe?id=s1&token=sig-1';

describe('the unsubscribe page of a digest', () => {
  it('stops the e-mails after one click, signed out, and says which search', async () => {
    const fetchMock = mockFetch([
      { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } },
      {
        method: 'POST',
        path: '/api/saved-searches/unsubscribe',
        body: { success: true, name: 'Spanish support' },
      },
    ]);
    renderWithRouter(<UnsubscribePage />, { url: URL_OF_LINK, path: '/saved-searches/unsubscribe' });
    expect(calls(fetchMock)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Stop these e-mails' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mails stopped' })).toBeTruthy();
    expect(screen.getByText(/no more digests about "Spanish support"/)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ id: 's1', token: 'sig-1' });
  });

  it("shows the server's word when the link is not valid", async () => {
    mockFetch([
      { path: '/api/csrf-token', body: { csrf_token: 'tok-1' } },
      {
        method: 'POST',
        path: '/api/saved-searches/unsubscribe',
        status: 404,
        body: { error: 'This unsubscribe link is not valid. Sign in to change your e-mail alerts.' },
      },
    ]);
    renderWithRouter(<UnsubscribePage />, { url: URL_OF_LINK, path: '/saved-searches/unsubscribe' });
    await userEvent.click(screen.getByRole('button', { name: 'Stop these e-mails' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This unsubscribe link is not valid');
  });

  it('says so when the link lost its token', () => {
    mockFetch([]);
    renderWithRouter(<UnsubscribePage />, {
      url: '/saved-searches/unsubscribe?id=s1',
      path: '/saved-searches/unsubscribe',
    });
    expect(screen.getByRole('alert').textContent).toContain('This link is incomplete');
  });
});
