// The k best of n scored items without sorting all n: a min-heap of size k.

import { runWhole, type Steps } from './search-steps';
import { sortSteps } from './sort-steps';

/**
 * Among items of equal key, which goes first (negative: the first argument): the engine's rule for
 * equals (equal-order.ts) as it reads the items a heap is given (document numbers, or positions in
 * a list of hits).
 */
export type ItemOrder = (a: number, b: number) => number;

/**
 * A min-heap of the k best (item, key) pairs offered so far, in typed arrays (the JavaScript arrays
 * and destructuring swaps it had cost a share of every search). Among equal keys `equalOrder`
 * decides which are kept and in what order, so neither depends on the order items are offered in
 * (which follows document numbers, renewed by a re-index). It is asked only when keys are equal.
 */
export class TopKHeap {
  private readonly items: Int32Array;
  private readonly keys: Float64Array;
  size = 0;

  constructor(
    readonly k: number,
    private readonly equalOrder: ItemOrder,
  ) {
    this.items = new Int32Array(Math.max(0, k));
    this.keys = new Float64Array(Math.max(0, k));
  }

  /**
   * The key an item must reach to be kept: the k-th best so far (an item with just that key is kept
   * when the rule for equals puts it first), or -Infinity while fewer are kept.
   */
  get threshold(): number {
    return this.size < this.k || this.k <= 0 ? Number.NEGATIVE_INFINITY : this.keys[0]!;
  }

  /** Whether (item, key) comes after the pair in slot j: a lower key, or an equal one ruled later. */
  private after(item: number, key: number, j: number): boolean {
    const other = this.keys[j]!;
    return key < other || (key === other && this.equalOrder(item, this.items[j]!) > 0);
  }

  offer(item: number, key: number): void {
    const { items, keys } = this;
    if (this.size < this.k) {
      // Up from the last leaf while the new pair comes after its parent (the root is the last kept).
      let j = this.size++;
      while (j > 0) {
        const parent = (j - 1) >> 1;
        if (!this.after(item, key, parent)) break;
        items[j] = items[parent]!;
        keys[j] = keys[parent]!;
        j = parent;
      }
      items[j] = item;
      keys[j] = key;
    } else if (
      this.size > 0 &&
      (key > keys[0]! || (key === keys[0]! && this.equalOrder(item, items[0]!) < 0))
    ) {
      // The new pair replaces the last kept, then goes down while a child comes after it.
      let j = 0;
      const size = this.size;
      for (;;) {
        const left = 2 * j + 1;
        if (left >= size) break;
        const right = left + 1;
        const later = right < size && this.after(items[right]!, keys[right]!, left) ? right : left;
        if (this.after(item, key, later)) break;
        items[j] = items[later]!;
        keys[j] = keys[later]!;
        j = later;
      }
      items[j] = item;
      keys[j] = key;
    }
  }

  /** The items kept, best key first, equal keys by the rule for equals. */
  sorted(): number[] {
    return runWhole(this.sortedSteps());
  }

  /** sorted() in steps (search-steps.ts): a deep page keeps every hit. */
  *sortedSteps(): Steps<number[]> {
    const order: Array<{ item: number; key: number }> = [];
    for (let i = 0; i < this.size; i++) order.push({ item: this.items[i]!, key: this.keys[i]! });
    // A total order (the rule for equals tells any two items apart): sortSteps gives sort's order.
    const sorted = yield* sortSteps(order, (a, b) => b.key - a.key || this.equalOrder(a.item, b.item));
    return sorted.map((entry) => entry.item);
  }
}

/** `items[i]` (or i itself when items is null) for the k best `scores[i]` of the first `count`. */
function select(
  scores: ArrayLike<number>,
  items: ArrayLike<number> | null,
  count: number,
  k: number,
  equalOrder: ItemOrder,
): number[] {
  if (k <= 0) return [];
  const heap = new TopKHeap(k, equalOrder);
  // Scores are read directly (no callback): this loop runs over every hit of every search.
  for (let i = 0; i < count; i++) heap.offer(items === null ? i : items[i]!, scores[i]!);
  return heap.sorted();
}

/**
 * The k items with the best scores (`scores[i]` belongs to `items[i]`), best first; equal scores
 * by `equalOrder`, which compares items.
 */
export function topK(
  items: ArrayLike<number>,
  scores: ArrayLike<number>,
  k: number,
  equalOrder: ItemOrder,
): number[] {
  return select(scores, items, items.length, k, equalOrder);
}

/**
 * Positions of the k best of the first `count` scores, best first; equal scores by `equalOrder`,
 * which compares positions.
 */
export function topKPositions(
  scores: ArrayLike<number>,
  count: number,
  k: number,
  equalOrder: ItemOrder,
): number[] {
  return select(scores, null, count, k, equalOrder);
}

/**
 * The first k of `items` in the order of `compare`, which must be a total order (no two items
 * equal): then this is exactly `[...items].sort(compare).slice(0, k)`, whatever order the items
 * come in. A max-heap of k holds the first ones seen so far, its last at the root; most items are
 * turned away by one comparison with it. A page that reaches deep into the items sorts them all.
 */
export function firstK(
  items: ArrayLike<number>,
  compare: (a: number, b: number) => number,
  k: number,
): number[] {
  const count = items.length;
  if (k <= 0 || count === 0) return [];
  if (k * 8 >= count) return Array.from(items).sort(compare).slice(0, k);
  const heap = new Int32Array(k);
  let size = 0;
  for (let i = 0; i < count; i++) {
    const item = items[i]!;
    if (size < k) {
      let j = size++;
      while (j > 0) {
        const parent = (j - 1) >> 1;
        if (compare(heap[parent]!, item) >= 0) break;
        heap[j] = heap[parent]!;
        j = parent;
      }
      heap[j] = item;
    } else if (compare(item, heap[0]!) < 0) {
      let j = 0;
      for (;;) {
        const left = 2 * j + 1;
        if (left >= k) break;
        const right = left + 1;
        const larger = right < k && compare(heap[right]!, heap[left]!) > 0 ? right : left;
        if (compare(heap[larger]!, item) <= 0) break;
        heap[j] = heap[larger]!;
        j = larger;
      }
      heap[j] = item;
    }
  }
  return Array.from(heap).sort(compare);
}
