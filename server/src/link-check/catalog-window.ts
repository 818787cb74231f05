import type { Agent } from '@agentry/domain/agent';

// The window of the catalog held in memory: its chunks, and the items queued per host.

/** A part of the catalog read into the window; the pass's place moves past it once it is all done. */
export interface Chunk {
  lastId: string;
  pending: number;
}

export interface Item {
  agent: Agent;
  url: string;
  host: string;
  /** The chunk of the pass it belongs to; null for a retry. */
  chunk: Chunk | null;
}

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}
