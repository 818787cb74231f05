import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRUNED_KEY } from '@agentry/indexer/sync-loop';
import { loadConfig } from '@agentry/platform/config/env';
import { recordingLogger } from '@agentry/platform/rate-limit/testing';
import { IN_THREAD_LIMIT } from '@agentry/platform/search/embedded/embedded-engine';
import { SEARCH_FILE_NAME } from '@agentry/platform/search/factory';
import { agentInput } from '@agentry/platform/store/contract/fixtures';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { type RunningServer, startServer } from '../start';

// The index mirror is gone (a new machine, a lost volume, a crash that took DATA_DIR/search.db and
// its snapshot) while the store holds the catalog, and its change log has been pruned, so the index
// must be rebuilt whole. From the moment the API listens, search is asked continuously: an answer
// must never be empty for a query that has matches. Until the rebuilt index is current, the store
// answers, marked `X-Search-Degraded: store`, and /readyz says why it is degraded; afterwards the
// engine answers and /readyz is ready. No request waits on the rebuild: it runs on worker threads
// (the indexer's rebuild, which writes the index's snapshot), and the API thread only loads the
// snapshot, a slice at a time. The catalog is larger than IN_THREAD_LIMIT, below which an index is
// small enough to analyse on the API thread.

const AGENTS = IN_THREAD_LIMIT + 500;
const JOBS = ['Bookkeeper', 'Recruiter', 'Translator', 'Copywriter', 'Scheduler'];

interface Answer {
  names: string[];
  degraded: string | null;
}

async function seedStore(dataDir: string): Promise<void> {
  const store = openSqliteStore(path.join(dataDir, 'agentry.db'));
  const inputs = Array.from({ length: AGENTS }, (_, i) =>
    agentInput({
      name: `Ledger${i.toString(36)}`,
      provider: `Maker ${i % 40}`,
      role: JOBS[i % JOBS.length]!,
      description: `Keeps the books of small shops, job ${i}.`,
      address: `https://ledger-${i}.example`,
    }),
  );
  await store.agents.importMany(inputs);
  // A long-lived store: its change log no longer reaches back to the first agent.
  const head = await store.changes.head();
  await store.kv.set(PRUNED_KEY, String(head - 10));
  await store.changes.prune(head - 10);
  await store.close();
}

describe('when the search index is missing at start', () => {
  let dataDir: string;
  let server: RunningServer | undefined;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-no-index-'));
    await seedStore(dataDir);
    expect(fs.existsSync(path.join(dataDir, SEARCH_FILE_NAME))).toBe(false);
  });
  afterEach(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every search from the store, marked degraded, until the rebuilt index is current; never empty', async () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      INDEXER_POLL_MS: '10',
    });
    const { logger, lines } = recordingLogger();
    server = await startServer(config, { logger, clientDist: null });
    const { url } = server;
    const search = async (query: string): Promise<Answer> => {
      const response = await fetch(`${url}/api/search?query=${encodeURIComponent(query)}`);
      expect(response.status).toBe(200);
      const agents = (await response.json()) as Array<{ name: string }>;
      return {
        names: agents.map((agent) => agent.name),
        degraded: response.headers.get('x-search-degraded'),
      };
    };
    const readiness = async () => (await fetch(`${url}/readyz`)).json() as Promise<Record<string, unknown>>;

    const answers: Answer[] = [];
    const readyAnswers: Array<Record<string, unknown>> = [];
    const deadline = Date.now() + 60_000;
    for (let round = 0; Date.now() < deadline; round++) {
      const name = `Ledger${((round * 37) % AGENTS).toString(36)}`;
      const byName = await search(name);
      const byJob = await search('bookkeeper for small shops');
      answers.push(byName, byJob);
      // The agent asked for by name is found, whoever answers.
      expect(byName.names).toContain(name);
      expect(byJob.names.length).toBeGreaterThan(0);
      readyAnswers.push(await readiness());
      if (byName.degraded === null && byJob.degraded === null) break;
    }
    const last = answers[answers.length - 1]!;
    expect(last.degraded).toBeNull();
    // Nothing empty, ever: degraded answers came from the store, the others from the whole index.
    expect(answers.every((answer) => answer.names.length > 0)).toBe(true);
    expect(answers.every((answer) => answer.degraded === null || answer.degraded === 'store')).toBe(true);
    // Once the engine answered, it kept answering (the index does not go back to not current).
    const firstFromEngine = answers.findIndex((answer) => answer.degraded === null);
    expect(answers.slice(firstFromEngine).every((answer) => answer.degraded === null)).toBe(true);
    // /readyz told the truth meanwhile: degraded, naming search and its state, until current.
    for (const body of readyAnswers) {
      if (body.status === 'ready') continue;
      expect(body).toMatchObject({ status: 'degraded', failing: ['search'] });
      expect(['loading', 'catching_up']).toContain((body.checks as Record<string, string>).search);
    }
    // /readyz keeps its report for a second: asked until it has caught up with the search answers.
    let ready = await readiness();
    while (ready.status !== 'ready' && Date.now() < deadline + 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await readiness();
    }
    expect(ready).toMatchObject({ status: 'ready', checks: { search: 'ok' } });
    // The catalog's index came from a snapshot built off this thread, not from analysing here.
    const loads = lines.filter((line) => line.msg === 'search index loaded') as unknown as Array<{
      documents: number;
      from: string;
    }>;
    expect(loads.at(-1)).toMatchObject({ documents: AGENTS, from: 'snapshot' });
    expect(
      loads.filter((load) => load.from === 'file').every((load) => load.documents <= IN_THREAD_LIMIT),
    ).toBe(true);
  }, 90_000);
});
