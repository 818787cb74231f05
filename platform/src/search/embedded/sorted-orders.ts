import type { SortOrder } from '../port';
import type { Compare, DocumentColumns } from './columns';

// Every document number in each sort order, kept beside the index, so that a browse without words
// (filters only, the employer's faceted search) walks an order and keeps what passes the filters
// instead of sorting the whole catalog on every request (300-770 ms at 100k agents, issue 15).
// Documents indexed since an order was made are merged into it when it is next read; numbers
// removed since stay in it, and readers skip them as they skip any dead number.

type SortKey = 'name' | 'newest' | 'price_asc' | 'price_desc';
const SORT_KEYS: readonly SortKey[] = ['name', 'newest', 'price_asc', 'price_desc'];

/** Relevance, without words to rank by, is the name order (as is no sort at all). */
const keyOf = (sort: SortOrder | undefined): SortKey =>
  sort === 'newest' || sort === 'price_asc' || sort === 'price_desc' ? sort : 'name';

/** What the orders read of the index. */
export interface OrderedDocuments {
  readonly capacity: number;
  readonly aliveFlags: Uint8Array;
  readonly columns: DocumentColumns;
  /** The rule for equal sort keys (equal-order.ts). */
  compareIds(a: number, b: number): number;
}

interface Order {
  /** Document numbers in order in `numbers[0, length)`; every live number below `covered` is in. */
  numbers: Int32Array;
  length: number;
  covered: number;
  /** The previous array, reused by the next merge rather than allocating 400 kB per write. */
  spare: Int32Array;
}

export interface SortedOrdersOptions {
  /** Up to this many documents, an order is sorted at once when first read (about 20 ms). */
  syncLimit?: number;
  /** Up to this many documents indexed since, a read merges them in; more rebuild it in slices. */
  mergeLimit?: number;
  /** Longest stretch a build holds the event loop before it yields. */
  sliceMs?: number;
}

export class SortedOrders {
  private readonly orders = new Map<SortKey, Order>();
  private readonly building = new Map<SortKey, Promise<void>>();
  private readonly syncLimit: number;
  private readonly mergeLimit: number;
  private readonly sliceMs: number;

  constructor(
    private readonly documents: OrderedDocuments,
    options: SortedOrdersOptions = {},
  ) {
    this.syncLimit = options.syncLimit ?? 20_000;
    this.mergeLimit = options.mergeLimit ?? 10_000;
    this.sliceMs = options.sliceMs ?? 8;
  }

  /**
   * Document numbers in the sort's order, live ones below the index's capacity all in, dead ones
   * possibly too (a view, valid until the next read). Null while a large index's order is being
   * built in slices: the caller sorts by itself meanwhile.
   */
  get(sort: SortOrder | undefined): Int32Array | null {
    const key = keyOf(sort);
    const order = this.orders.get(key);
    const capacity = this.documents.capacity;
    if (!order || capacity - order.covered > this.mergeLimit) {
      if (capacity <= this.syncLimit) {
        this.orders.set(key, this.sortAll(key));
      } else {
        void this.build(key);
        return null;
      }
    } else if (order.covered < capacity) {
      this.mergeNew(key, order);
    }
    const ready = this.orders.get(key)!;
    return ready.numbers.subarray(0, ready.length);
  }

  /** The orders made so far, each with how many document numbers it covers (for a snapshot). */
  image(): Array<{ key: SortKey; numbers: Int32Array; covered: number }> {
    return [...this.orders].map(([key, order]) => ({
      key,
      numbers: order.numbers.subarray(0, order.length),
      covered: order.covered,
    }));
  }

  /** Takes orders from image() (of an index with the same documents). */
  restore(orders: Array<{ key: string; numbers: Int32Array; covered: number }>): void {
    for (const { key, numbers, covered } of orders) {
      if (!SORT_KEYS.includes(key as SortKey)) continue;
      this.orders.set(key as SortKey, { numbers, length: numbers.length, covered, spare: new Int32Array(0) });
    }
  }

  /** Builds every order in slices of the event loop (after a load, before the index serves). */
  async prepare(): Promise<void> {
    for (const key of SORT_KEYS) {
      // An order restored from a snapshot already covers every document.
      if ((this.orders.get(key)?.covered ?? -1) >= this.documents.capacity) continue;
      await this.build(key);
    }
  }

  private comparator(key: SortKey): Compare {
    return this.documents.columns.comparator(key, (a, b) => this.documents.compareIds(a, b));
  }

  private liveNumbers(from: number, to: number): Int32Array {
    const alive = this.documents.aliveFlags;
    const numbers = new Int32Array(to - from);
    let count = 0;
    for (let n = from; n < to; n++) if (alive[n] === 1) numbers[count++] = n;
    return numbers.subarray(0, count);
  }

  private sortAll(key: SortKey): Order {
    const covered = this.documents.capacity;
    const numbers = this.liveNumbers(0, covered).sort(this.comparator(key));
    return { numbers, length: numbers.length, covered, spare: new Int32Array(0) };
  }

  /** A bottom-up merge sort that yields to the event loop every `sliceMs`; one build per order at a time. */
  private build(key: SortKey): Promise<void> {
    let running = this.building.get(key);
    if (!running) {
      running = this.sortInSlices(key).finally(() => this.building.delete(key));
      this.building.set(key, running);
    }
    return running;
  }

  private async sortInSlices(key: SortKey): Promise<void> {
    const covered = this.documents.capacity;
    const compare = this.comparator(key);
    let from: Int32Array = this.liveNumbers(0, covered);
    let to: Int32Array = new Int32Array(from.length);
    const count = from.length;
    let started = performance.now();
    const pause = async () => {
      if (performance.now() - started < this.sliceMs) return;
      await new Promise((resolve) => setImmediate(resolve));
      started = performance.now();
    };
    const RUN = 1024;
    for (let start = 0; start < count; start += RUN) {
      from.subarray(start, Math.min(count, start + RUN)).sort(compare);
      await pause();
    }
    for (let width = RUN; width < count; width *= 2) {
      for (let start = 0; start < count; start += 2 * width) {
        const middle = Math.min(count, start + width);
        const end = Math.min(count, start + 2 * width);
        let i = start;
        let j = middle;
        let k = start;
        while (i < middle && j < end) to[k++] = compare(from[i]!, from[j]!) <= 0 ? from[i++]! : from[j++]!;
        while (i < middle) to[k++] = from[i++]!;
        while (j < end) to[k++] = from[j++]!;
        await pause();
      }
      [from, to] = [to, from];
    }
    const previous = this.orders.get(key);
    // A read may have sorted a newer order at once meanwhile (a small index); keep the newer.
    if (previous && previous.covered >= covered) return;
    this.orders.set(key, { numbers: from, length: count, covered, spare: to });
  }

  /** Merges the documents indexed since the order was made into it, leaving out the dead. */
  private mergeNew(key: SortKey, order: Order): void {
    const compare = this.comparator(key);
    const capacity = this.documents.capacity;
    const alive = this.documents.aliveFlags;
    const fresh = this.liveNumbers(order.covered, capacity).sort(compare);
    const size = order.length + fresh.length;
    const out = order.spare.length >= size ? order.spare : new Int32Array(Math.ceil(size * 1.25));
    const { numbers, length } = order;
    let from = 0;
    let k = 0;
    for (let f = 0; f < fresh.length; f++) {
      const n = fresh[f]!;
      // The first position after `from` whose number comes after n (binary search).
      let low = from;
      let high = length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (compare(numbers[middle]!, n) < 0) low = middle + 1;
        else high = middle;
      }
      for (let i = from; i < low; i++) if (alive[numbers[i]!] === 1) out[k++] = numbers[i]!;
      out[k++] = n;
      from = low;
    }
    for (let i = from; i < length; i++) if (alive[numbers[i]!] === 1) out[k++] = numbers[i]!;
    order.spare = numbers;
    order.numbers = out;
    order.length = k;
    order.covered = capacity;
  }
}
