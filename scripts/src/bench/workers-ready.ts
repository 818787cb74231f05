import http from 'node:http';

// bench:load's wait for the API before its warm-up: every worker searching from its whole index.

interface ReadyAnswer {
  worker?: string;
  status?: string;
  checks?: Record<string, string>;
}

/**
 * Resolves once `count` different workers have answered /readyz "ready" (each asked on a new
 * connection): listening, and searching from an index that holds the whole catalog. /healthz
 * answers as soon as a worker listens, while its index still loads in the background (or is
 * rebuilt on a worker thread), so load sent then would time that work along with the requests.
 */
export async function waitForWorkers(base: string, count: number, timeoutMs = 600_000): Promise<void> {
  const ready = new Set<string>();
  const deadline = performance.now() + timeoutMs;
  while (ready.size < count) {
    if (performance.now() > deadline) throw new Error(`only ${ready.size} of ${count} workers ready`);
    const answer = await new Promise<ReadyAnswer>((resolve) => {
      http
        .get(`${base}/readyz`, { agent: false }, (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => {
            try {
              resolve(JSON.parse(body) as ReadyAnswer);
            } catch {
              resolve({});
            }
          });
        })
        .on('error', () => resolve({}));
    });
    // Ready, or degraded by something else than search (mail, say): the index is what matters here.
    const searching =
      answer.status === 'ready' || (answer.status === 'degraded' && answer.checks?.search === 'ok');
    if (answer.worker !== undefined && searching) ready.add(answer.worker);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
