import { act, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('follows the value only once it has held still for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: '' },
    });
    rerender({ value: 'l' });
    act(() => jest.advanceTimersByTime(200));
    rerender({ value: 'le' });
    act(() => jest.advanceTimersByTime(200));
    // 400 ms since the first keystroke, but only 200 since the last: still the first value.
    expect(result.current).toBe('');
    act(() => jest.advanceTimersByTime(100));
    expect(result.current).toBe('le');
  });
});
