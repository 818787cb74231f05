import type { Store } from '@agentry/platform/store/port';

/**
 * When the catalog last changed: the time of the change log's newest entry, read again only when
 * the log's head moves. Read it before the data it dates: a change made in between then makes the
 * date older than the data (a needless 200 later), never newer (a 304 that hides the change).
 */
export class CatalogLastChange {
  private head = -1;
  private at: string | null = null;

  constructor(private readonly store: Store) {}

  /** An ISO time, or null when the log is empty (or its newest entry was pruned). */
  async get(): Promise<string | null> {
    const head = await this.store.changes.head();
    if (head !== this.head) {
      const [newest] = head > 0 ? await this.store.changes.since(head - 1, 1) : [];
      this.at = newest?.seq === head ? newest.at : null;
      this.head = head;
    }
    return this.at;
  }
}
