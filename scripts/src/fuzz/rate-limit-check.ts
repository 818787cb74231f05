import { createLogger } from '@agentry/platform/log/logger';
import { startTestServer } from '@agentry/server/testing/test-server';
import { type RawRequest, send } from './client';
import type { FuzzReport } from './report';

// The fuzzer runs without rate limits; this checks on an app of its own, with limits of one a
// minute, that a throttled read and a throttled write are refused as JSON too.

export async function checkRateLimitAnswers(report: FuzzReport): Promise<void> {
  const server = await startTestServer(
    { RATE_LIMIT_READS_PER_MINUTE: '1', RATE_LIMIT_WRITES_PER_MINUTE: '1' },
    { logger: createLogger('silent', 'fuzz') },
  );
  try {
    const requests: RawRequest[] = [
      { method: 'GET', path: '/api/categories', headers: {} },
      {
        method: 'POST',
        path: '/api/events',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from('{"type":"clicked","agent_id":"1"}'),
      },
    ];
    for (const request of requests) {
      await send(server.running.url, request);
      const refused = await send(server.running.url, request);
      const error = (refused.json as { error?: unknown } | undefined)?.error;
      const problems: string[] = [];
      if (refused.status !== 429) problems.push(`the second call answered ${refused.status}, not 429`);
      if (
        !String(refused.headers['content-type']).startsWith('application/json') ||
        typeof error !== 'string'
      ) {
        problems.push(`the 429 is not a JSON error: ${refused.text.slice(0, 200)}`);
      }
      if (!refused.headers['retry-after']) problems.push('the 429 has no Retry-After');
      if (problems.length > 0)
        report.fail(`${request.method} ${request.path}`, 'past the rate limit', problems);
    }
    report.rateLimitChecked = true;
  } finally {
    await server.stop();
  }
}
