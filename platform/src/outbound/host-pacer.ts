// Per-host politeness: at most one request to a host per `intervalMs` (1 s: the link checker's
// promise to the sites it visits). Each call to take() reserves the next free turn of the host,
// in the order asked, and waits for it; readyIn() says how long a host's next turn is away, so a
// scheduler can serve the hosts that are free instead of queueing behind a busy one.

export class HostPacer {
  /** When each host's next turn starts (ms since the epoch); past turns are forgotten by prune(). */
  private readonly nextTurn = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Milliseconds until the host may be called again (0: now). */
  readyIn(host: string): number {
    return Math.max(0, (this.nextTurn.get(host.toLowerCase()) ?? 0) - this.now());
  }

  /**
   * Takes the host's next turn and waits for it. The turn after it counts from when this one really
   * started (a timer may fire late), so two requests never leave less than the interval apart.
   */
  async take(host: string): Promise<void> {
    const key = host.toLowerCase();
    const now = this.now();
    const at = Math.max(now, this.nextTurn.get(key) ?? 0);
    this.nextTurn.set(key, at + this.intervalMs);
    if (at > now) await this.sleep(at - now);
    const started = this.now();
    if (started > at)
      this.nextTurn.set(key, Math.max(this.nextTurn.get(key) ?? 0, started + this.intervalMs));
  }

  /** Forgets hosts whose turn is free again, so the map holds only hosts called within the interval. */
  prune(): void {
    const now = this.now();
    for (const [host, at] of this.nextTurn) if (at <= now) this.nextTurn.delete(host);
  }

  get size(): number {
    return this.nextTurn.size;
  }
}
