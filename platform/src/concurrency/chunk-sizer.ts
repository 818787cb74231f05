// How many items the next chunk of a long synchronous write may take so that it holds the thread
// for about `budgetMs`: learned from the last chunk's time per item. A fixed count cannot do it:
// the same 2,000 analytics marks took 40 ms in one SQLite transaction on a quiet machine and
// 150–330 ms on a busy one (issue 24's stall log: a worker's every flush was its longest stall).
// Only the synchronous part is timed (the caller measures from before its work until the store's
// promise is in hand): with SQLite that is the whole transaction, with a network store only the
// request's building, so a store that answers slowly without holding the thread keeps large chunks.

export interface ChunkSizerOptions {
  /** The time one chunk may hold the thread. */
  budgetMs: number;
  /** Never fewer items a chunk (each chunk has a fixed cost: a commit, a round trip). */
  min: number;
  /** Never more items a chunk. */
  max: number;
  /** The first chunk's size, before anything is learned (min by default). */
  initial?: number;
}

export class ChunkSizer {
  private current: number;

  constructor(private readonly options: ChunkSizerOptions) {
    if (!(options.min >= 1 && options.max >= options.min && options.budgetMs > 0))
      throw new Error('ChunkSizer: need 1 <= min <= max and a positive budget');
    this.current = this.clamp(options.initial ?? options.min);
  }

  /** Items the next chunk may take. */
  get size(): number {
    return this.current;
  }

  /** `items` held the thread for `heldMs`: the next chunk is sized to the budget at that pace. */
  record(items: number, heldMs: number): void {
    if (items <= 0) return;
    // Under a millisecond's resolution or free: as large as allowed, then measured again.
    const next = heldMs <= 0 ? this.options.max : Math.floor((items * this.options.budgetMs) / heldMs);
    this.current = this.clamp(next);
  }

  private clamp(size: number): number {
    return Math.min(this.options.max, Math.max(this.options.min, Math.floor(size)));
  }
}
