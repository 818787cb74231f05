import http from 'node:http';

// What the API says about itself on /healthz while a load runs: the event-loop delay (the worst
// one-second window seen) and, for the soak, every worker's memory.

export interface EventLoopSample {
  p99: number;
  max: number;
}

interface Health {
  event_loop?: { p99_ms: number; max_ms: number };
  memory?: { rss_mb: number; heap_used_mb: number };
  worker?: string;
}

/** The API's event-loop delay while `work` runs: /healthz is asked every second, the worst kept. */
export async function withEventLoopSamples<T>(
  base: string,
  work: Promise<T>,
): Promise<[T, EventLoopSample | null]> {
  const worst: EventLoopSample = { p99: 0, max: 0 };
  let sampled = false;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      try {
        const loop = ((await (await fetch(`${base}/healthz`)).json()) as Health).event_loop;
        if (loop) {
          sampled = true;
          worst.p99 = Math.max(worst.p99, loop.p99_ms);
          worst.max = Math.max(worst.max, loop.max_ms);
        }
      } catch {
        // The server is too busy to answer a probe in time: the figures show that on their own.
      }
    }
  })();
  const result = await work;
  done = true;
  await sampler;
  return [result, sampled ? worst : null];
}

/** One /healthz on a new connection (so the supervisor hands it to the next worker). */
function healthOnce(base: string): Promise<Health | null> {
  return new Promise((resolve) => {
    http
      .get(`${base}/healthz`, { agent: false, timeout: 2000 }, (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => {
          try {
            resolve(JSON.parse(body) as Health);
          } catch {
            resolve(null);
          }
        });
      })
      .on('error', () => resolve(null))
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy();
      });
  });
}

/**
 * Each worker's used heap (MB) by worker id, asking until every one of `workers` answered, for at
 * most `budgetMs`: a stalled server gives fewer (or no) heaps rather than a late sample.
 */
export async function workerHeaps(
  base: string,
  workers: number,
  budgetMs = 5000,
): Promise<Record<string, number>> {
  const heaps: Record<string, number> = {};
  const deadline = performance.now() + budgetMs;
  for (let attempt = 0; attempt < 20 && Object.keys(heaps).length < workers; attempt++) {
    if (performance.now() > deadline) break;
    const health = await healthOnce(base);
    if (health?.memory && health.worker !== undefined) heaps[health.worker] = health.memory.heap_used_mb;
  }
  return heaps;
}
