import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FirstView } from '@agentry/domain/first-view';
import type { Logger } from '@agentry/platform/log/logger';
import { workerScript } from '@agentry/platform/worker/worker-script';
import type { ServerRenderer } from './server-render';
import type { RenderReply, RenderRequest } from './server-render-worker-entry';

// The client's server renderer on a worker thread of its own (issue 24). On the thread that answers
// requests, loading it held the loop up to 189 ms of CPU in one callback (the 895 kB bundle, and
// Node's fetch module), its first render another 50 ms, and every agent page 2-14 ms more: a
// worker restarted under traffic made its first visitors wait for all of it, whatever its
// neighbours asked. Here the loop only posts a page's data and reads back its HTML; the thread is
// started by the first page or by load() (start.ts, once the index is current and the worker idle).
//
// Why a thread and not the load in slices: the bundle is one script, whose compile and run cannot
// be cut up without changing the client's build, and the renders would still hold the loop. The
// cost is memory (a V8 isolate with React and the bundle: RSS +33 MB loaded, +58 MB after 200 agent
// pages; its old generation capped at 128 MB) and a copy of each page's data and HTML (a few kB).

const ENTRY = workerScript(path.join(__dirname, 'server-render-worker-entry.ts'));

/** A page the thread has not rendered by then goes out without its HTML (the browser renders it). */
export const RENDER_TIMEOUT_MS = 10_000;
/** Threads that may die (a bug in the bundle, out of memory) before pages stop trying: then the browser renders. */
const MAX_STARTS = 3;

export interface ThreadRendererOptions {
  /** A page not rendered by then goes out without (RENDER_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** The renderer of the bundle in `clientDist` on a worker thread, started on first use; null without a bundle. */
export function threadServerRenderer(
  clientDist: string,
  logger: Pick<Logger, 'warn'>,
  options: ThreadRendererOptions = {},
): ServerRenderer | null {
  const file = path.join(clientDist, '.ssr', 'entry-server.cjs');
  if (!fs.existsSync(file)) return null;
  const timeoutMs = options.timeoutMs ?? RENDER_TIMEOUT_MS;
  let worker: Worker | null = null;
  let loaded: Promise<boolean> | null = null;
  let starts = 0;
  let failed = false;
  let closed = false;
  let nextId = 1;
  const pending = new Map<number, (html: string | null) => void>();

  const settleAll = () => {
    for (const settle of pending.values()) settle(null);
    pending.clear();
  };

  const start = (): Promise<boolean> => {
    if (loaded) return loaded;
    if (failed || closed || starts >= MAX_STARTS) return Promise.resolve(false);
    starts += 1;
    const thread = new Worker(ENTRY.script, {
      ...ENTRY.options,
      workerData: { file },
      // Its own heap, bounded: a page's React tree is small; a leak must not grow the API's memory.
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    // Pages keep it busy while the API serves; it never keeps a process alive on its own.
    thread.unref();
    worker = thread;
    loaded = new Promise<boolean>((resolve) => {
      thread.on('message', (reply: RenderReply) => {
        if (reply.type === 'loaded') {
          if (!reply.ok) {
            failed = true;
            logger.warn(
              { err: reply.error, file },
              'server renderer could not be loaded: pages render in the browser',
            );
          }
          resolve(reply.ok);
          return;
        }
        const settle = pending.get(reply.id);
        pending.delete(reply.id);
        if (reply.error) logger.warn({ err: reply.error }, 'server rendering failed');
        settle?.(reply.html);
      });
      const lost = (error?: unknown) => {
        if (worker !== thread) return;
        worker = null;
        loaded = null;
        if (!closed)
          logger.warn({ err: error }, 'server renderer thread stopped: started again by the next page');
        resolve(false);
        settleAll();
      };
      thread.on('error', lost);
      thread.on('exit', () => lost());
    });
    return loaded;
  };

  return {
    load: start,
    async render(url: string, view: FirstView) {
      if (!(await start()) || !worker) return null;
      const thread = worker;
      const id = nextId++;
      return new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => {
          if (!pending.delete(id)) return;
          logger.warn({ url, ms: timeoutMs }, 'server rendering took too long: the browser renders the page');
          resolve(null);
        }, timeoutMs);
        timer.unref();
        pending.set(id, (html) => {
          clearTimeout(timer);
          resolve(html);
        });
        thread.postMessage({ id, url, view } satisfies RenderRequest);
      });
    },
    async close() {
      closed = true;
      const thread = worker;
      worker = null;
      settleAll();
      if (thread) await thread.terminate();
    },
  };
}
