import type { Store } from '@agentry/platform/store/port';

/**
 * Values computed from the catalog, kept until the next agent write. Every write appends to the
 * change log, whose head only grows, so the head is the catalog's version: a cached value is
 * served while the head stays where it was when the value was built.
 */
export class StoreVersionCache<T> {
  private version = -1;
  private builtAt = 0;
  private readonly values = new Map<string, Promise<T>>();

  constructor(
    private readonly store: Store,
    /** Distinct keys kept per version (directory selections), so odd query strings cannot grow it without bound. */
    private readonly maxEntries = 200,
    /** Also drop values older than this: for values that depend on more than the catalog (provider pages follow subscriptions). */
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
  ) {}

  async get(key: string, build: () => Promise<T>): Promise<T> {
    const head = await this.store.changes.head();
    const now = Date.now();
    if (head !== this.version || now - this.builtAt > this.maxAgeMs) {
      this.version = head;
      this.builtAt = now;
      this.values.clear();
    }
    let value = this.values.get(key);
    if (!value) {
      if (this.values.size >= this.maxEntries) this.values.clear();
      value = build();
      this.values.set(key, value);
      // A failed build is not kept: the next request tries again.
      value.catch(() => this.values.get(key) === value && this.values.delete(key));
    }
    return value;
  }
}
