import { EventEmitter } from 'node:events';
import { IDLE_POLL_MS, whenIdle } from './when-idle';

describe('work left for when a started worker is idle', () => {
  let server: EventEmitter;
  let inFlight: number;
  let ready: boolean;
  let done: number;
  const start = () =>
    whenIdle(
      server,
      { inFlight: () => inFlight },
      () => ready,
      () => {
        done++;
      },
    );
  beforeEach(() => {
    jest.useFakeTimers();
    server = new EventEmitter();
    inFlight = 0;
    ready = true;
    done = 0;
  });
  afterEach(() => jest.useRealTimers());

  it('runs once, after a whole poll period without a request', () => {
    start();
    jest.advanceTimersByTime(IDLE_POLL_MS);
    expect(done).toBe(0);
    jest.advanceTimersByTime(IDLE_POLL_MS);
    expect(done).toBe(1);
    jest.advanceTimersByTime(10 * IDLE_POLL_MS);
    expect(done).toBe(1);
    expect(server.listenerCount('request')).toBe(0);
  });

  it('waits while requests keep arriving or one is in flight', () => {
    start();
    for (let i = 0; i < 5; i++) {
      server.emit('request');
      jest.advanceTimersByTime(IDLE_POLL_MS);
    }
    expect(done).toBe(0);
    inFlight = 1;
    jest.advanceTimersByTime(3 * IDLE_POLL_MS);
    expect(done).toBe(0);
    inFlight = 0;
    jest.advanceTimersByTime(IDLE_POLL_MS);
    expect(done).toBe(1);
  });

  it('waits until it is ready (the index current), and never runs once cancelled', () => {
    ready = false;
    const pending = start();
    jest.advanceTimersByTime(5 * IDLE_POLL_MS);
    expect(done).toBe(0);
    ready = true;
    jest.advanceTimersByTime(2 * IDLE_POLL_MS);
    expect(done).toBe(1);
    const cancelled = start();
    cancelled.cancel();
    jest.advanceTimersByTime(5 * IDLE_POLL_MS);
    expect(done).toBe(1);
    expect(server.listenerCount('request')).toBe(0);
    pending.cancel();
  });
});
