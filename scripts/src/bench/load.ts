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
  options: {
    connections: number;
    durationSeconds: number;
    /**
     * A connection closed and opened again after this many requests: the API closes a kept-alive
     * connection after KEEPALIVE_MAX_REQUESTS (100) and answers 503 to what autocannon, which does
     * not heed `Connection: close`, sends on it after that.
     */
    reconnectEvery?: number;
    /** Send this many requests, then stop (the duration is then ignored). */
    amount?: number;
    /** The i-th request's X-Forwarded-For (a visitor of its own, behind a trusted proxy). */
    addressOf?: (i: number) => string;
  },
): Promise<LoadResult> {
  let next = 0;
  const { addressOf } = options;
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.durationSeconds,
    ...(options.amount ? { amount: options.amount } : {}),
    ...(options.reconnectEvery ? { reconnectRate: options.reconnectEvery } : {}),
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const i = next++;
          const path = paths[i % paths.length]!;
          if (!addressOf) return { ...request, path };
          return { ...request, path, headers: { ...request.headers, 'x-forwarded-for': addressOf(i) } };
        },
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
