/**
 * Runs one task at a time per key, in this process. The test-mode checkout reads an object,
 * changes it and writes it back through a key-value store without transactions (a double click
 * on Pay must not start two subscriptions); the subscription sync reads a user's record and mails
 * on a change (a webhook and the success page arriving together must not both send the welcome).
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
