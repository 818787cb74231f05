import type { EventEmitter } from 'node:events';

// The API workers boot together (issue 24: every agent searchable ≤ 3 s after `npm start`): each
// loads its code (most of a boot) at once, but only the leader (worker 0) touches the data
// directory first: it migrates the store, seeds the demo catalog, makes the admin, keeps the
// session secret and opens search.db, none of which may run twice at once. The others wait at this
// gate until it has, then open the store themselves. Before, the second worker was forked only
// once the first listened: its whole boot came after the leader's.
//
// The messages, over the cluster's IPC channel:
//   worker → supervisor  { type: 'await-leader' }   ready to open the store once the leader has;
//   leader → supervisor  { type: 'store-ready' }    the store and the data directory are set up;
//   supervisor → worker  { type: 'leader-ready' }   go on.
// A worker asks rather than being told unasked: a message sent before it listens would be lost.

export const AWAIT_LEADER = 'await-leader';
export const STORE_READY = 'store-ready';
export const LEADER_READY = 'leader-ready';

/** The supervisor's side: which workers wait, and whether the leader has set up the store yet. */
export class LeaderGate {
  private opened = false;
  private readonly waiting = new Set<() => void>();

  get isOpen(): boolean {
    return this.opened;
  }

  /** The leader said store-ready (or ready): every worker waiting, and every one asking later, goes on. */
  open(): void {
    if (this.opened) return;
    this.opened = true;
    for (const release of this.waiting) release();
    this.waiting.clear();
  }

  /** A worker asked (await-leader): released now if the leader is set up, else once it is. */
  wait(release: () => void): () => void {
    if (this.opened) release();
    else this.waiting.add(release);
    return () => this.waiting.delete(release);
  }
}

/** A process's IPC channel (the process itself; an emitter in tests). */
export interface Channel extends EventEmitter {
  send?(message: unknown): boolean;
}

/**
 * The worker's side: resolves once the supervisor says the leader has set up the store. Resolves
 * at once outside a cluster (no IPC channel: a single process is its own leader).
 */
export function awaitLeader(channel: Channel = process): Promise<void> {
  if (!channel.send) return Promise.resolve();
  return new Promise((resolve) => {
    const onMessage = (message: { type?: string } | null) => {
      if (message?.type !== LEADER_READY) return;
      channel.off('message', onMessage);
      resolve();
    };
    channel.on('message', onMessage);
    channel.send?.({ type: AWAIT_LEADER });
  });
}
