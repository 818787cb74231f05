import { monitorEventLoopDelay } from 'node:perf_hooks';
import { agentInput } from '@agentry/platform/store/contract';
import { skipLiveAnswers } from '../testing/check-live-answers';
import type { TestServer } from '../testing/test-server';
import { startWebTestServer } from '../testing/web-test-server';

// Issue 10: no request holds up the others. With a sizeable catalog in place, the heaviest reads a
// visitor can ask for (sitemap parts, the largest page of the catalog lists, the deepest search
// pages, a long role list) run side by side with a stream of tiny requests. No piece of work may
// hold the event loop for long: the longest the loop waits must stay well under what one
// whole-catalog answer cost (about 230 ms at this size: 200 ms to read 20,000 rows, 26 ms to
// serialise them), and a tiny request waits for its turn behind the others, never behind one of
// them. (The figures at 100,000 agents under load are bench:load's; this guards the property.)
// It measures wall-clock time, so it runs as `npm run bench:no-stall` on a quiet machine, not in
// `npm test`: on CI's two busy cores a process not scheduled for 100 ms reads as a stall of its own
// (it failed there once with all three rounds at 108 ms or more; quiet, its first round takes
// 90-131 ms, the cold multi-search of page 1000 alone 87 ms, the later rounds 18-27 ms).

// This file measures its own event loop, where the contract check's parse of each 500-agent
// answer would count as a stall of the server's: the same answers are checked by the catalog and
// search tests.
skipLiveAnswers();

const AGENTS = 20_000;
/** The longest single stall allowed; generous for a shared CI machine. */
const STALL_BOUND_MS = 100;

describe('a heavy request in flight', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startWebTestServer();
    const { store } = server.running.context;
    for (let start = 0; start < AGENTS; start += 5000) {
      await store.agents.importMany(
        Array.from({ length: 5000 }, (_, i) =>
          agentInput({
            name: `Stallguard ${start + i}`,
            provider: `Provider ${(start + i) % 997}`,
            role: (start + i) % 2 ? 'Customer Support Agent' : 'Bookkeeper',
          }),
        ),
      );
    }
    // Let the indexer take in the catalog before measuring.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const response = await server.http.get('/api/search?query=stallguard');
      if (response.body.length > 0 && (await server.running.context.engine!.stats()).documents >= AGENTS)
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);
  afterAll(() => server.stop());

  it(`never holds the event loop for ${STALL_BOUND_MS} ms, however heavy the requests in flight`, async () => {
    const heavy = [
      '/sitemap-agents-1.xml',
      '/sitemap-agents-2.xml',
      '/api/agents?limit=500&offset=19000',
      '/api/directory/agents?limit=500',
      `/api/search-by-role?${new URLSearchParams({ role: 'Bookkeeper', category: 'Customer Service' })}`,
      '/api/search?query=stallguard',
    ];
    const instantSearch = {
      requests: [{ indexName: 'agents', params: { query: 'stallguard', page: 1000, hitsPerPage: 100 } }],
    };
    /** One round of every heavy request twice, side by side: the longest stall seen meanwhile. */
    const round = async () => {
      const loop = monitorEventLoopDelay({ resolution: 5 });
      let done = false;
      const pings: number[] = [];
      const pinger = (async () => {
        while (!done) {
          const started = performance.now();
          await server.http.get('/livez').expect(200);
          pings.push(performance.now() - started);
        }
      })();
      loop.enable();
      await Promise.all([
        ...[...heavy, ...heavy].map((path) => server.http.get(path).expect(200)),
        server.http.post('/api/instantsearch/multi-search').send(instantSearch).expect(200),
      ]);
      loop.disable();
      done = true;
      await pinger;
      // Tiny requests were answered while the heavy ones ran (how many depends on the machine).
      expect(pings.length).toBeGreaterThan(0);
      // The histogram counts the monitor's own 5 ms interval in every sample.
      return Math.round(loop.max / 1e6 - 5);
    };
    // A stall the code causes shows in every round; one from a busy machine (CI runs other work
    // beside this test) rarely repeats. So: the best of up to three rounds.
    const stalls: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      stalls.push(await round());
      if (stalls.at(-1)! < STALL_BOUND_MS) break;
    }
    // The figures, for the run's reader (a benchmark prints what it measured).
    console.log(
      `no-stall: longest event-loop stall per round ${stalls.join(', ')} ms (bound ${STALL_BOUND_MS})`,
    );
    expect(Math.min(...stalls)).toBeLessThan(STALL_BOUND_MS);
  });
});
