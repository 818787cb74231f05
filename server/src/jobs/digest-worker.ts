import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Config } from '@agentry/platform/config/env';
import type { Logger } from '@agentry/platform/log/logger';
import { workerScript } from '@agentry/platform/worker/worker-script';
import type { DigestRunResult } from '../commands/saved-searches/send-digests';

// The saved searches' digests on a worker thread (DIGESTS=worker, the default; issue 28). A digest
// is an engine search per saved search: at 100,000 agents one embedded search is one synchronous
// slice of up to ~0.6 s, which on the API's thread every visitor arriving meanwhile would wait for
// (bench:digests). On a thread of its own it holds only that thread's loop.
//
// Why a worker thread, not the indexer process: the indexer runs inside the API by default
// (INDEXER=inprocess), so there is often no other process to send the work to; a worker thread
// exists in every setup (one container, several, embedded search or Meilisearch). The cost is
// memory: with the embedded engine the thread loads its own copy of the index (about 155 MB at
// 100,000 agents, BENCHMARKS.md), in the first API worker only, and only once a digest is due.
//
// The thread is started at the first turn that has work and kept: loading the index again every
// turn would cost seconds of CPU a minute. A turn is one message and one answer; a thread that dies
// fails the turn under way, and the next turn starts a new one.

export type DigestWorkerRequest = { type: 'turn'; id: number; limit: number } | { type: 'stop' };
export type DigestWorkerReply =
  | { type: 'done'; id: number; result: DigestRunResult }
  | { type: 'failed'; id: number; error: string }
  | { type: 'stopped' };

const ENTRY = workerScript(path.join(__dirname, 'digest-worker-entry.ts'));
/** How long stop() waits for the thread to finish its search and close its store before ending it. */
const STOP_GRACE_MS = 10_000;

export class DigestWorker {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (result: DigestRunResult) => void; reject: (error: Error) => void }
  >();

  constructor(
    private readonly config: Config,
    private readonly secret: string,
    private readonly logger: Logger,
  ) {}

  /** One turn of at most `limit` saved searches on the worker thread (started on first use). */
  run(limit: number): Promise<DigestRunResult> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ type: 'turn', id, limit } satisfies DigestWorkerRequest);
    });
  }

  /** Whether the thread is running (it starts with the first turn that has work). */
  get started(): boolean {
    return this.worker !== null;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    // Compiled: dist/'s own bundle of the entry; from sources: the .ts entry through tsx.
    const worker = new Worker(ENTRY.script, {
      ...ENTRY.options,
      // The thread logs at the level of the logger it was given (silent in tests).
      workerData: { config: this.config, secret: this.secret, logLevel: this.logger.level },
    });
    worker.on('message', (message: DigestWorkerReply) => {
      if (message.type === 'stopped') return;
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.type === 'done') waiting?.resolve(message.result);
      else waiting?.reject(new Error(`digest turn failed: ${message.error}`));
    });
    worker.on('error', (error) => this.logger.error({ err: error }, 'digest worker failed'));
    worker.once('exit', (code) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values())
        waiting.reject(new Error(`digest worker exited with code ${code}`));
      this.pending.clear();
    });
    this.worker = worker;
    return worker;
  }

  /** Asks the thread to stop after the search under way and close its store; ends it after a grace time. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'stop' } satisfies DigestWorkerRequest);
    const grace = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
    await exited;
    clearTimeout(grace);
  }
}
