import type { Store } from '@agentry/platform/store/port';

/**
 * Values computed from the catalog, kept until the catalog changes in a way that can change them.
 * By default that is any agent write: every write appends to the change log, whose head only
 * grows, so the head is the catalog's version and a value is served while the head stays where it
 * was when the value was built. Values read only from the listing's categories, roles and their
 * counts follow the listing's groups version instead (StoreVersionCache.ofGroups), which edits of
 * other fields (a description, a touch, a held listing) leave alone: under the whole-product mix
 * the catalog changes a few times a second, and reading the categories and counts again after
 * each change cost 7 % of a worker at 100,000 agents.
 */
export class StoreVersionCache<T> {
  private version = -1;
  private builtAt = 0;
  private readonly values = new Map<string, Promise<T>>();
  private readonly versionOf: () => Promise<number>;

  constructor(
    store: Store,
    /** Distinct keys kept per version (directory selections), so odd query strings cannot grow it without bound. */
    private readonly maxEntries = 200,
    /** Also drop values older than this: for values that depend on more than the catalog (provider pages follow subscriptions). */
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
    versionOf?: () => Promise<number>,
  ) {
    this.versionOf = versionOf ?? (() => store.changes.head());
  }

  /**
   * For values read only from categories(), roles(), countBy() and count() by category and role:
   * kept until an agent is listed or unlisted or a listed one changes category or role.
   */
  static ofGroups<T>(store: Store, maxEntries = 200): StoreVersionCache<T> {
    return new StoreVersionCache<T>(store, maxEntries, Number.POSITIVE_INFINITY, () =>
      store.agents.groupsVersion(),
    );
  }

  async get(key: string, build: () => Promise<T>): Promise<T> {
    // Read before building: a write in between leaves a newer value under the older version (built
    // again at the next request), never an older value under the newer one.
    const version = await this.versionOf();
    const now = Date.now();
    if (version !== this.version || now - this.builtAt > this.maxAgeMs) {
      this.version = version;
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
