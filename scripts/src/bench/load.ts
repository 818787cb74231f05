import autocannon from 'autocannon';

// Concurrent load with autocannon, cycling through a list of paths.

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests sent: the first this many paths of the list (cycling). */
  requests: number;
  latencyP50: number;
  latencyP99: number;
  errors: number;
  non2xx: number;
}

export async function load(
  baseUrl: string,
  paths: string[],
  options: { connections: number; durationSeconds: number },
): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }),
      },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
