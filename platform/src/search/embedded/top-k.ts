// The k best of n scored items without sorting all n: a min-heap of size k. `scores[i]` belongs
// to `items[i]`.

export function topK(items: ArrayLike<number>, scores: ArrayLike<number>, k: number): number[] {
  const count = items.length;
  if (k <= 0) return [];
  const heap: number[] = [];
  const keys: number[] = [];
  const siftUp = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= keys[i]!) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      [keys[parent], keys[i]] = [keys[i]!, keys[parent]!];
      i = parent;
    }
  };
  const siftDown = (i: number) => {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < heap.length && keys[left]! < keys[smallest]!) smallest = left;
      if (right < heap.length && keys[right]! < keys[smallest]!) smallest = right;
      if (smallest === i) return;
      [heap[smallest], heap[i]] = [heap[i]!, heap[smallest]!];
      [keys[smallest], keys[i]] = [keys[i]!, keys[smallest]!];
      i = smallest;
    }
  };
  for (let i = 0; i < count; i++) {
    const item = items[i]!;
    const key = scores[i]!;
    if (heap.length < k) {
      heap.push(item);
      keys.push(key);
      siftUp(heap.length - 1);
    } else if (key > keys[0]!) {
      heap[0] = item;
      keys[0] = key;
      siftDown(0);
    }
  }
  const order = heap.map((item, i) => ({ item, key: keys[i]! }));
  order.sort((a, b) => b.key - a.key || a.item - b.item);
  return order.map((entry) => entry.item);
}
