import os from 'node:os';
import { ConfigError, loadConfig } from '@agentry/platform/config/env';
import { workerCountBeforeConfig } from './worker-count';

describe('workerCountBeforeConfig', () => {
  // What main.ts forks before the configuration is loaded must be what the configuration says.
  it.each(['', '  ', '1', '2', ' 3 ', '64', '0', '65', '-1', '2.5', 'two', '1e1', '0x2'])(
    'When WEB_CONCURRENCY is "%s", then it forks as many workers as the configuration asks for, or leaves a bad value to it',
    (value) => {
      let configured: number | null;
      try {
        configured = loadConfig({ WEB_CONCURRENCY: value }).WEB_CONCURRENCY ?? os.availableParallelism();
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        configured = null;
      }
      expect(workerCountBeforeConfig({ WEB_CONCURRENCY: value })).toBe(configured);
    },
  );

  it('When WEB_CONCURRENCY is unset, then it forks one worker per core', () => {
    expect(workerCountBeforeConfig({})).toBe(os.availableParallelism());
  });
});
