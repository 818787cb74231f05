import { renderHook, waitFor } from '@testing-library/react';
import { useAsync } from './use-async';

describe('useAsync', () => {
  it('loads the key and shows what came back', async () => {
    const load = jest.fn(async () => 'from the API');
    const { result } = renderHook(() => useAsync('k', load));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toEqual({ status: 'success', data: 'from the API' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows data the page carried on its first render and loads nothing for that key', async () => {
    const load = jest.fn(async (_signal: AbortSignal) => `loaded`);
    const { result, rerender } = renderHook(({ key }) => useAsync(key, load, () => `carried for ${key}`), {
      initialProps: { key: 'a' },
    });
    expect(result.current).toEqual({ status: 'success', data: 'carried for a' });
    expect(load).not.toHaveBeenCalled();
    // Another key is loaded as usual (the carried data was for the first view only).
    rerender({ key: 'b' });
    await waitFor(() => expect(result.current).toEqual({ status: 'success', data: 'loaded' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads when the page carried nothing for the key', async () => {
    const load = jest.fn(async () => 'loaded');
    const { result } = renderHook(() => useAsync('k', load, () => undefined));
    await waitFor(() => expect(result.current).toEqual({ status: 'success', data: 'loaded' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows the page's not-found answer as the key's error and loads nothing for it", () => {
    const load = jest.fn(async () => 'loaded');
    const notFound = new Error('Provider not found');
    const { result } = renderHook(() =>
      useAsync('k', load, () => {
        throw notFound;
      }),
    );
    expect(result.current).toEqual({ status: 'error', error: notFound });
    expect(load).not.toHaveBeenCalled();
  });
});
