import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Agent } from '@agentry/domain/agent';
import { workerScript } from '../../worker/worker-script';
import type { PlainMatchHeld } from '../port';
import type { PlainMatching } from './agent-reads';

// The store's plain matching (the search fallback, when the engine cannot answer or its index is
// still loading) reads every agent's text: at 100,000 agents a few hundred milliseconds of SQLite,
// during which the thread that ran it answered nothing else. A file-based store runs it on a worker
// thread with its own read-only connection instead: the fallback's answer takes as long, everything
// else goes on meanwhile. The worker starts at the first query and stays for the next ones.

const ENTRY = workerScript(path.join(__dirname, 'plain-matching-worker-entry.ts'));

interface Pending {
  resolve(answer: Agent[] | PlainMatchHeld): void;
  reject(error: Error): void;
}

/** What a query asks the worker for: whole agents (searchBasic) or ids and held words (searchBasicHeld). */
export type PlainMatchingAnswer = 'agents' | 'held';

export class PlainMatchingOffThread implements PlainMatching {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** Queries answered on the worker (tests). */
  answered = 0;

  constructor(private readonly file: string) {}

  search(query: string, limit: number): Promise<Agent[]> {
    return this.ask(query, limit, 'agents') as Promise<Agent[]>;
  }

  searchHeld(query: string, limit: number): Promise<PlainMatchHeld> {
    return this.ask(query, limit, 'held') as Promise<PlainMatchHeld>;
  }

  private ask(query: string, limit: number, answer: PlainMatchingAnswer): Promise<Agent[] | PlainMatchHeld> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, query, limit, answer });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(ENTRY.script, { ...ENTRY.options, workerData: { file: this.file } });
    // An idle worker must not keep a finished process alive.
    worker.unref();
    worker.on('message', (message: { id: number; found?: Agent[] | PlainMatchHeld; error?: string }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error === undefined) {
        this.answered += 1;
        waiting.resolve(message.found!);
      } else waiting.reject(new Error(`plain matching failed: ${message.error}`));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`plain matching worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }
}
