import cluster from 'node:cluster';
import type { Config } from '@agentry/platform/config/env';
import type { Logger } from '@agentry/platform/log/logger';

/**
 * The configuration (zod) and the logger (pino), loaded when needed rather than at the top: the
 * supervisor of several workers forks them first (issue 24, run-workers.ts). A bad configuration
 * ends the process with its reasons, said once: by the supervisor (a worker's environment is its
 * supervisor's, and the workers end with it) or by the one process that serves.
 */
export async function configAndLogger(): Promise<{ config: Config; base: Logger }> {
  const [{ ConfigError, loadConfig }, { createLogger }] = await Promise.all([
    import('@agentry/platform/config/env'),
    import('@agentry/platform/log/logger'),
  ]);
  let config: Config;
  try {
    config = loadConfig(process.env, 'api');
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    if (cluster.isPrimary) process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  return { config, base: createLogger(config.LOG_LEVEL, 'api') };
}
