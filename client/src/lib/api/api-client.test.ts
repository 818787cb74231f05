import { mockFetch } from '../../testing/mock-fetch';
import { ApiError, apiBlob, apiPage, apiRequest, failureText } from './api-client';

describe('failureText', () => {
  it("gives the server's reason when it said one", () => {
    const error = new ApiError(409, 'Conflict', { error: 'An account with this email already exists.' });
    expect(failureText(error, 'Failed to create account')).toBe('An account with this email already exists.');
  });

  it('gives the fallback when the server refused without a reason', () => {
    expect(failureText(new ApiError(500, 'Server error', {}), 'Failed to create account')).toBe(
      'Failed to create account',
    );
  });

  it('asks to try again when the call never reached the server', () => {
    expect(failureText(new TypeError('Failed to fetch'), 'Failed to create account')).toBe(
      'Failed to create account. Please try again.',
    );
  });
});

describe('apiPage', () => {
  it('reads the total of a paged list from X-Total-Count', async () => {
    mockFetch([{ path: '/api/agents?limit=1', body: [{ id: '1' }], headers: { 'X-Total-Count': '42' } }]);
    expect(await apiPage('/api/agents?limit=1')).toEqual({ items: [{ id: '1' }], total: 42 });
  });

  it('counts what the page holds when the header is missing or not a number', async () => {
    mockFetch([
      { path: '/a', body: [1, 2] },
      { path: '/b', body: [1, 2], headers: { 'X-Total-Count': 'lots' } },
    ]);
    expect((await apiPage('/a')).total).toBe(2);
    expect((await apiPage('/b')).total).toBe(2);
  });
});

describe('apiRequest with a file', () => {
  it('sends FormData as multipart: not serialised, and without a JSON content type', async () => {
    const fetchMock = mockFetch([{ method: 'POST', path: '/upload', body: { success: true } }]);
    const form = new FormData();
    form.append('file', new File(['PK'], 'agents.xlsx'));
    await apiRequest('/upload', { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});

describe('apiBlob', () => {
  it("gives a failed download's reason as an ApiError", async () => {
    mockFetch([{ path: '/file', status: 500, body: { success: false, error: 'Disk full' } }]);
    await expect(apiBlob('/file')).rejects.toMatchObject({ status: 500, message: 'Disk full' });
  });
});
