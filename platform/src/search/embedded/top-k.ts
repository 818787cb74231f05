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
