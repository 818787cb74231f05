import { createLogger } from './logger';

// Reading an error's `stack` is what makes Node format it (and, with source maps on, decode the
// bundle's whole map the first time): a warning must not read it, an error must.

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('info', 'test', {
    write: (line: string) => {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  return { logger, lines };
}

/** An error that counts how often its stack is read. */
function watchedError(message: string, extra: Record<string, unknown> = {}) {
  const error = Object.assign(new Error(message), extra);
  const reads = { count: 0 };
  Object.defineProperty(error, 'stack', {
    get() {
      reads.count += 1;
      return `Error: ${message}\n    at somewhere (file.ts:1:1)`;
    },
  });
  return { error, reads };
}

describe('errors in the log', () => {
  it('logs a warning’s error by type, message and code without reading its stack', () => {
    const { logger, lines } = capture();
    const { error, reads } = watchedError('the rate-limit store did not answer within 1000 ms', {
      code: 'ETIMEDOUT',
    });
    logger.warn({ err: error, limiter: 'search' }, 'rate-limit store failed');
    expect(reads.count).toBe(0);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'rate-limit store failed',
      limiter: 'search',
      err: {
        type: 'Error',
        message: 'the rate-limit store did not answer within 1000 ms',
        code: 'ETIMEDOUT',
      },
    });
    expect(lines[0]!.err).not.toHaveProperty('stack');
  });

  it('keeps the causes’ messages of a warning’s error, still without stacks', () => {
    const { logger, lines } = capture();
    const inner = watchedError('connect ECONNREFUSED');
    const { error, reads } = watchedError('link check failed');
    error.cause = inner.error;
    logger.warn(error, 'a site did not answer');
    expect(reads.count + inner.reads.count).toBe(0);
    expect(lines[0]).toMatchObject({
      msg: 'a site did not answer',
      err: { message: 'link check failed', cause: 'connect ECONNREFUSED' },
    });
  });

  it('takes a lone warning error’s message as the line’s message, as pino does', () => {
    const { logger, lines } = capture();
    const { error, reads } = watchedError('sync failed');
    logger.warn(error);
    expect(reads.count).toBe(0);
    expect(lines[0]).toMatchObject({ msg: 'sync failed', err: { message: 'sync failed' } });
  });

  it('logs an error-level error with its whole stack', () => {
    const { logger, lines } = capture();
    const { error, reads } = watchedError('boom');
    logger.error({ err: error }, 'unhandled error');
    expect(reads.count).toBeGreaterThan(0);
    expect(lines[0]).toMatchObject({
      level: 50,
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at somewhere (file.ts:1:1)' },
    });
  });

  it('leaves a warning without an error as it is', () => {
    const { logger, lines } = capture();
    logger.warn({ eventLoop: { max_ms: 120 } }, 'event loop delay spike');
    expect(lines[0]).toMatchObject({ msg: 'event loop delay spike', eventLoop: { max_ms: 120 } });
  });
});
