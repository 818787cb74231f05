import { BUSY_PER_SECOND, checksPerSecond } from './link-checker';

// Link checks are background work on the first API worker's thread: while that thread is busy
// answering requests (its event loop's delay), the checker starts BUSY_PER_SECOND checks a second
// instead of LINK_CHECK_MAX_PER_SECOND, so the requests waiting for that worker come first.

describe('how fast the link checker starts checks', () => {
  it('When the worker is busy answering requests, then it starts at most two checks a second; otherwise its configured pace', () => {
    expect(BUSY_PER_SECOND).toBe(2);
    let busy = false;
    const settings = { maxPerSecond: 20, busy: () => busy };
    expect(checksPerSecond(settings)).toBe(20);
    busy = true;
    expect(checksPerSecond(settings)).toBe(2);
    // A configured pace below the busy one is kept as it is.
    expect(checksPerSecond({ maxPerSecond: 1, busy: () => true })).toBe(1);
    // Without a signal (a CLI, the tests), the configured pace.
    expect(checksPerSecond({ maxPerSecond: 20 })).toBe(20);
  });
});
