// The k best of n scored items without sorting all n: a min-heap of size k.

/** `items[i]` (or i itself when items is null) for the k best `scores[i]` of the first `count`. */
function select(
  scores: ArrayLike<number>,
  items: ArrayLike<number> | null,
  count: number,
  k: number,
): number[] {
  if (k <= 0) return [];
  const heap: number[] = [];
  const keys: number[] = [];
  const swap = (a: number, b: number) => {
    [heap[a], heap[b]] = [heap[b]!, heap[a]!];
    [keys[a], keys[b]] = [keys[b]!, keys[a]!];
  };
  const siftDown = (start: number) => {
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < heap.length && keys[left]! < keys[smallest]!) smallest = left;
      if (right < heap.length && keys[right]! < keys[smallest]!) smallest = right;
      if (smallest === i) return;
      swap(smallest, i);
      i = smallest;
    }
  };
  // Scores are read directly (no callback): this loop runs over every hit of every search.
  for (let i = 0; i < count; i++) {
    const key = scores[i]!;
    if (heap.length < k) {
      heap.push(items === null ? i : items[i]!);
      keys.push(key);
      for (let j = heap.length - 1; j > 0; ) {
        const parent = (j - 1) >> 1;
        if (keys[parent]! <= keys[j]!) break;
        swap(parent, j);
        j = parent;
      }
    } else if (key > keys[0]!) {
      heap[0] = items === null ? i : items[i]!;
      keys[0] = key;
      siftDown(0);
    }
  }
  const order = heap.map((item, i) => ({ item, key: keys[i]! }));
  order.sort((a, b) => b.key - a.key || a.item - b.item);
  return order.map((entry) => entry.item);
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
