import { describeRateLimitStoreContract } from './contract';
import { createMemoryRateLimits } from './memory-rate-limits';

// One process's memory: the "other connection" is the same map, as it is for every limiter of
// that process.
describeRateLimitStoreContract('memory', async (now) => {
  const store = createMemoryRateLimits(now);
  return { store, other: store, close: async () => undefined };
});
