import type { Config } from '@agentry/platform/config/env';

// How long each process may take to shut down before it is stopped by force. Each bound leaves
// room for the one inside it: the drain (SHUTDOWN_DELAY_MS + SHUTDOWN_TIMEOUT_MS), then a worker's
// cleanup, then the supervisor's wait; docker-compose.yml's stop_grace_period exceeds them all.

type ShutdownConfig = Pick<Config, 'SHUTDOWN_DELAY_MS' | 'SHUTDOWN_TIMEOUT_MS'>;

/** After the drain's deadline: stopping the indexer, writing the counters, closing the store. */
export const CLEANUP_MS = 5_000;
/** What the supervisor allows beyond a worker's own bound before it kills the worker. */
const SUPERVISOR_MARGIN_MS = 2_000;

/** An API process exits by force (code 1) this long after its shutdown began. */
export const processShutdownMs = (config: ShutdownConfig) =>
  config.SHUTDOWN_DELAY_MS + config.SHUTDOWN_TIMEOUT_MS + CLEANUP_MS;

/** The cluster supervisor kills the workers left this long after it passed SIGTERM on. */
export const supervisorShutdownMs = (config: ShutdownConfig) =>
  processShutdownMs(config) + SUPERVISOR_MARGIN_MS;
