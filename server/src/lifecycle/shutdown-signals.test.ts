import { EventEmitter } from 'node:events';
import { createLogger } from '@agentry/platform/log/logger';
import { onShutdownSignals, REPEAT_WINDOW_MS } from './shutdown-signals';

describe('onShutdownSignals', () => {
  const logger = createLogger('silent', 'test');
  let now: number;
  let source: EventEmitter;
  let calls: string[];
  let stop: () => void;
  beforeEach(() => {
    now = 0;
    source = new EventEmitter();
    calls = [];
    stop = onShutdownSignals(
      logger,
      {
        graceful: (signal) => calls.push(`graceful ${signal}`),
        force: (signal) => calls.push(`force ${signal}`),
      },
      { source, now: () => now },
    );
  });
  afterEach(() => stop());

  it('shuts down gracefully on the first SIGTERM or SIGINT', () => {
    source.emit('SIGINT', 'SIGINT');
    expect(calls).toEqual(['graceful SIGINT']);
  });

  it('forces the exit on a second signal', () => {
    source.emit('SIGTERM', 'SIGTERM');
    now += REPEAT_WINDOW_MS;
    source.emit('SIGTERM', 'SIGTERM');
    expect(calls).toEqual(['graceful SIGTERM', 'force SIGTERM']);
  });

  it('takes the same request relayed twice at once (Ctrl+C and a parent passing it on) as one', () => {
    source.emit('SIGINT', 'SIGINT');
    now += 10;
    source.emit('SIGTERM', 'SIGTERM');
    expect(calls).toEqual(['graceful SIGINT']);
  });

  it('stops listening when asked', () => {
    stop();
    expect(source.listenerCount('SIGTERM') + source.listenerCount('SIGINT')).toBe(0);
  });
});
