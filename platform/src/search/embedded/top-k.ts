// The k best of n scored items without sorting all n: a min-heap of size k.

/**
 * A min-heap of the k best (item, key) pairs offered so far, in typed arrays (the JavaScript arrays
 * and destructuring swaps it had cost a share of every search). Ties: an item offered later
 * replaces the root only with a strictly greater key, so among equal keys the earlier are kept.
 */
export class TopKHeap {
  private readonly items: Int32Array;
  private readonly keys: Float64Array;
  size = 0;

  constructor(readonly k: number) {
    this.items = new Int32Array(Math.max(0, k));
    this.keys = new Float64Array(Math.max(0, k));
  }

  /** The key an item must beat to be kept: the k-th best so far, or -Infinity while fewer are kept. */
  get threshold(): number {
    return this.size < this.k || this.k <= 0 ? Number.NEGATIVE_INFINITY : this.keys[0]!;
  }

  offer(item: number, key: number): void {
    const { items, keys } = this;
    if (this.size < this.k) {
      let j = this.size++;
      items[j] = item;
      keys[j] = key;
      while (j > 0) {
        const parent = (j - 1) >> 1;
        if (keys[parent]! <= keys[j]!) break;
        this.swap(parent, j);
        j = parent;
      }
    } else if (this.size > 0 && key > keys[0]!) {
      items[0] = item;
      keys[0] = key;
      let i = 0;
      const size = this.size;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < size && keys[left]! < keys[smallest]!) smallest = left;
        if (right < size && keys[right]! < keys[smallest]!) smallest = right;
        if (smallest === i) break;
        this.swap(smallest, i);
        i = smallest;
      }
    }
  }

  /** The items kept, best key first, ties by item. */
  sorted(): number[] {
    const order: Array<{ item: number; key: number }> = [];
    for (let i = 0; i < this.size; i++) order.push({ item: this.items[i]!, key: this.keys[i]! });
    order.sort((a, b) => b.key - a.key || a.item - b.item);
    return order.map((entry) => entry.item);
  }

  private swap(a: number, b: number): void {
    const { items, keys } = this;
    const item = items[a]!;
    items[a] = items[b]!;
    items[b] = item;
    const key = keys[a]!;
    keys[a] = keys[b]!;
    keys[b] = key;
  }
}

/** `items[i]` (or i itself when items is null) for the k best `scores[i]` of the first `count`. */
function select(
  scores: ArrayLike<number>,
  items: ArrayLike<number> | null,
  count: number,
  k: number,
): number[] {
  if (k <= 0) return [];
  const heap = new TopKHeap(k);
  // Scores are read directly (no callback): this loop runs over every hit of every search.
  for (let i = 0; i < count; i++) heap.offer(items === null ? i : items[i]!, scores[i]!);
  return heap.sorted();
}

/** The k items with the best scores (`scores[i]` belongs to `items[i]`), best first. */
export function topK(items: ArrayLike<number>, scores: ArrayLike<number>, k: number): number[] {
  return select(scores, items, items.length, k);
}

/** Positions of the k best of the first `count` scores, best first; ties keep the earlier position. */
export function topKPositions(scores: ArrayLike<number>, count: number, k: number): number[] {
  return select(scores, null, count, k);
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
