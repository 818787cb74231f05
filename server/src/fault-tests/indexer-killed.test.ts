import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEARCH_MAX_DEPTH } from '@agentry/domain/request-bounds';
import { EmbeddedSearchEngine } from '@agentry/platform/search/embedded/embedded-engine';
import { SEARCH_FILE_NAME } from '@agentry/platform/search/factory';
import { agentInput } from '@agentry/platform/store/contract/fixtures';
import { SQLITE_FILE_NAME } from '@agentry/platform/store/factory';
import type { Store } from '@agentry/platform/store/port';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { type ApiProcess, startApiProcess } from '../testing/api-process';
import { type CliProcess, killHard, runReindexCheck, startIndexerProcess } from '../testing/cli-process';

// The indexer killed with SIGKILL while a stream of agent changes is being indexed, then restarted:
// no index entry may be lost or doubled. Both ways the indexer runs are killed: as its own process
// (INDEXER=external, as docker-compose runs it) and inside the API (the default). The stream is
// written straight into the store's file by this test process, as the import CLI or another API
// worker would, so it goes on while the indexer is dead. Afterwards `reindex --check` (the
// compiled CLI) must find no difference, and paging through the API's search must show every
// live agent exactly once, in its latest version.

const ROLE = 'Stream Tester';
const PROVIDER = 'Killstream Labs';
/** Steps of the stream at least; it goes on until every kill is done. */
const STEPS = 12;
/**
 * A stream longer than this means the kills never came: the test fails rather than run on. Not a
 * clock, but a restart of the API lets the stream run on for as many steps as the restart takes
 * (100 ms each), so a slow machine needs more: 80 left a busy machine about 8 s for three restarts.
 */
const MAX_STEPS = 200;
/**
 * How long a wait may last before it is a hang (the indexer catching up, the API following): the
 * waits end on what they wait for, and on a busy machine that took over 20 s.
 */
const HANG_MS = 90_000;
/** Three restarts, a stream and a full check: over 60 s on a busy machine. */
const TEST_MS = 360_000;
const PER_STEP = 200;
/** Changes the indexer must apply between two kills. */
const KILL_EVERY = 500;
/** Changes waiting when the kill comes (the indexer reads up to 100 a batch): it has work in hand. */
const PENDING_AT_KILL = 50;
const KILLS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string, everyMs = 10) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(everyMs);
  }
}

const nameOf = (i: number, version: number) => `Stream Agent ${i} v${version}`;
/**
 * A search goes no deeper than SEARCH_MAX_DEPTH (offset + limit), and on a busy machine the stream
 * can run long enough to list more agents than that before the kills are done (CI listed over
 * 10,000 and the deepest page was a 400). Each run of steps has its own category, so the API can
 * be read to the last agent one category at a time.
 */
const STEPS_PER_CATEGORY = 20;
const categoryOf = (step: number) => `Stream Batch ${Math.floor(step / STEPS_PER_CATEGORY)}`;

interface Stream {
  /** Every agent the stream listed, and those it removed since. */
  ids: string[];
  removed: Set<string>;
  /** Set by the killer once its last kill is done: the stream then ends. */
  killsDone: boolean;
  done: boolean;
}

/**
 * Steps 100 ms apart: each imports PER_STEP agents in one transaction (a burst of changes, as an
 * upload makes), renames the previous step's agents to v2 and the one before's to v3, one
 * transaction each (as edits come), and removes a tenth of the third before. Runs at least STEPS
 * steps and until the kills are done, then three more without imports so every agent ends at v3.
 */
async function writeStream(store: Store, stream: Stream): Promise<void> {
  const idsByStep: string[][] = [];
  const runStep = async (step: number, listNew: boolean) => {
    if (listNew) {
      const email = `step-${step}@stream.example`;
      const inputs = Array.from({ length: PER_STEP }, (_, k) =>
        agentInput({
          name: nameOf(step * PER_STEP + k, 1),
          provider: PROVIDER,
          role: ROLE,
          category: categoryOf(step),
          email,
          description: `Stream agent number ${step * PER_STEP + k}, version 1.`,
        }),
      );
      expect((await store.agents.importMany(inputs)).added).toBe(PER_STEP);
      const created = await store.agents.list({ email, includeRemoved: true });
      // By number, as they were listed.
      idsByStep[step] = created
        .map((agent) => ({ id: agent.id, number: Number(/Stream Agent (\d+) /.exec(agent.name)![1]) }))
        .sort((a, b) => a.number - b.number)
        .map((agent) => agent.id);
      stream.ids.push(...idsByStep[step]!);
    }
    for (const [back, version] of [
      [1, 2],
      [2, 3],
    ] as const) {
      for (const [k, id] of (idsByStep[step - back] ?? []).entries()) {
        const number = (step - back) * PER_STEP + k;
        await store.agents.update(id, {
          name: nameOf(number, version),
          description: `Stream agent number ${number}, version ${version}.`,
        });
      }
    }
    for (const id of (idsByStep[step - 3] ?? []).filter((_, k) => k % 10 === 0)) {
      await store.agents.update(id, { removed: true });
      stream.removed.add(id);
    }
    await sleep(100);
  };
  let step = 0;
  for (; step < STEPS || !stream.killsDone; step++) {
    if (step >= MAX_STEPS) throw new Error(`the kills did not come within ${MAX_STEPS} steps`);
    await runStep(step, true);
  }
  for (let tail = 0; tail < 3; tail++) await runStep(step + tail, false);
  stream.done = true;
}

interface KillRecord {
  checkpoint: number;
  head: number;
  streamRunning: boolean;
}

describe('the indexer killed with SIGKILL mid-stream and restarted', () => {
  let dataDir: string;
  let api: ApiProcess | undefined;
  let store: Store;
  let index: EmbeddedSearchEngine;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-indexer-kill-'));
  });
  afterEach(async () => {
    api?.cleanUp();
    await index?.close();
    await store?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const env = (extra: Record<string, string>) => ({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    INDEXER_POLL_MS: '20',
    ...extra,
  });

  /** The store and the index files, opened by this process beside the API (as another process would). */
  async function openFiles() {
    store = openSqliteStore(path.join(dataDir, SQLITE_FILE_NAME));
    index = await EmbeddedSearchEngine.open(path.join(dataDir, SEARCH_FILE_NAME), { serve: false });
  }

  /**
   * Writes the stream and meanwhile kills (through `kill`) KILLS times, each once the indexer has
   * applied KILL_EVERY more changes and has at least PENDING_AT_KILL waiting, so that it is busy
   * indexing when the signal lands and the stream goes on past it.
   */
  async function streamWithKills(
    kill: () => Promise<void>,
  ): Promise<{ stream: Stream; kills: KillRecord[] }> {
    const stream: Stream = { ids: [], removed: new Set(), killsDone: false, done: false };
    const writing = writeStream(store, stream);
    const killing = (async () => {
      const kills: KillRecord[] = [];
      for (let k = 0; k < KILLS; k++) {
        const from = await index.checkpoint();
        let checkpoint = from;
        let head = 0;
        await until(
          async () => {
            [checkpoint, head] = await Promise.all([index.checkpoint(), store.changes.head()]);
            if (checkpoint < from + KILL_EVERY) return false;
            if (head - checkpoint >= PENDING_AT_KILL) return true;
            // Past the kill point but the indexer keeps up with the stream (a fast machine: CI
            // timed out here waiting to see 50 changes pending). Give it a burst that changes no
            // content (touch: updated_at and a change-log entry each, in one transaction), so the
            // kill still comes with work in hand.
            const live = stream.ids.filter((id) => !stream.removed.has(id)).slice(-1_000);
            await store.agents.touch(live);
            return false;
          },
          HANG_MS,
          'the indexer was busy past the next kill point',
          // Often: a burst of changes is indexed within tens of milliseconds.
          2,
        );
        const streamRunning = !stream.done;
        await kill();
        kills.push({ checkpoint, head, streamRunning });
      }
      stream.killsDone = true;
      return kills;
    })();
    // The stream ends only after the kills: ending first means it failed.
    const kills = await Promise.race([
      killing,
      writing.then(() => Promise.reject(new Error('the stream ended before the kills'))),
    ]);
    await writing;
    return { stream, kills };
  }

  /** What must hold once the indexer has caught up: nothing lost, nothing doubled, nothing stale. */
  async function expectIndexLevelWithStore(base: string, stream: Stream) {
    await until(
      async () => (await index.checkpoint()) === (await store.changes.head()),
      HANG_MS,
      'the indexer caught up',
    );
    const live = (await store.agents.getMany(stream.ids)).filter((agent) => !agent.removed);
    expect(live.length).toBe(stream.ids.length - stream.removed.size);
    expect(live.every((agent) => agent.name.endsWith(' v3'))).toBe(true);

    const check = await runReindexCheck(env({}));
    expect(check.stdout).toMatch(/^0 differences between the embedded index and the sqlite store\n$/);
    expect(check.code).toBe(0);
    // Rows, not a map of ids: a doubled document would count twice here.
    expect((await index.stats()).documents).toBe(live.length);

    // The API's own index (in memory, following the file) answers with each agent once, as it is now.
    const expected = new Map(live.map((agent) => [agent.id, agent.name]));
    const page = async (category: string, offset: number) => {
      const response = await fetch(
        `${base}/api/search-by-role?role=${encodeURIComponent(ROLE)}&category=${encodeURIComponent(category)}&limit=100&offset=${offset}`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('x-search-degraded')).toBeNull();
      return {
        total: Number(response.headers.get('x-total-count')),
        agents: (await response.json()) as Array<{ id: string; name: string }>,
      };
    };
    const liveByCategory = new Map<string, number>();
    for (const agent of live)
      liveByCategory.set(agent.category, (liveByCategory.get(agent.category) ?? 0) + 1);
    expect(Math.max(...liveByCategory.values())).toBeLessThanOrEqual(SEARCH_MAX_DEPTH);
    const seen: Array<{ id: string; name: string }> = [];
    for (const [category, count] of liveByCategory) {
      await until(
        async () => (await page(category, 0)).total === count,
        HANG_MS,
        'the API index followed',
        100,
      );
      for (let offset = 0; offset < count; offset += 100) seen.push(...(await page(category, offset)).agents);
    }
    expect(new Set(seen.map((agent) => agent.id)).size).toBe(seen.length);
    expect(new Map(seen.map((agent) => [String(agent.id), agent.name]))).toEqual(expected);
  }

  it(
    'as its own process: nothing lost or doubled, every agent searchable once in its latest version',
    async () => {
      api = await startApiProcess(env({ INDEXER: 'external' }));
      await openFiles();
      let indexer: CliProcess = await startIndexerProcess(env({}));
      try {
        const { stream, kills } = await streamWithKills(async () => {
          await killHard(indexer);
          indexer = await startIndexerProcess(env({}));
        });
        // Each kill came with changes waiting and the stream still running: mid-stream, not after it.
        expect(kills.filter((kill) => kill.streamRunning && kill.head > kill.checkpoint)).toHaveLength(KILLS);
        await expectIndexLevelWithStore(api.base, stream);
      } finally {
        await killHard(indexer);
      }
    },
    TEST_MS,
  );

  it(
    'inside the API: nothing lost or doubled once the API is killed and started again',
    async () => {
      api = await startApiProcess(env({ INDEXER: 'inprocess' }));
      await openFiles();
      const { stream, kills } = await streamWithKills(async () => {
        const killed = api!;
        await killHard(killed);
        killed.cleanUp();
        api = await startApiProcess(env({ INDEXER: 'inprocess' }));
      });
      expect(kills.filter((kill) => kill.streamRunning && kill.head > kill.checkpoint)).toHaveLength(KILLS);
      await expectIndexLevelWithStore(api.base, stream);
    },
    TEST_MS,
  );
});
