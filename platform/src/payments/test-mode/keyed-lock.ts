/**
 * Runs one task at a time per key. The test mode reads an object, changes it and writes it back
 * through a key-value store that has no transactions: without this, a double click on Pay could
 * start two subscriptions. One process serves the checkout page, so an in-process lock suffices.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    // Forget the key once its last task is done, so the map does not grow with every id ever seen.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
