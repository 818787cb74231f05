import { createLogger } from '@agentry/platform/log/logger';
import { EventLoopMonitor } from './event-loop-monitor';

describe('EventLoopMonitor', () => {
  it('reports a busy second as delay, and an idle one as next to none', async () => {
    const lines: string[] = [];
    const monitor = new EventLoopMonitor(
      createLogger('warn', 'test', { write: (line: string) => lines.push(line) }),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(monitor.current.p50_ms).toBeLessThan(5);
      // Hold the loop for 300 ms, as a request that builds a huge answer in one go would.
      const until = Date.now() + 300;
      while (Date.now() < until) {
        // busy
      }
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(monitor.current.max_ms).toBeGreaterThanOrEqual(250);
      expect(lines.join('')).toContain('event loop delay spike');
    } finally {
      monitor.stop();
    }
  });
});
