// When a queued message is tried again: doubling waits from firstDelayMs up to maxDelayMs, then
// given up after maxAttempts (about two days with the defaults). A mail server that says no for
// good (a 5xx reply: no such mailbox, relaying denied) is not asked again.

export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
  /** How often the queue is looked at for messages whose time has come. */
  pollMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  firstDelayMs: 30_000,
  maxDelayMs: 4 * 60 * 60_000,
  maxAttempts: 20,
  pollMs: 5_000,
};

/** The wait after the attempt-th failure (1, 2, …). */
export function retryDelay(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempt - 1));
}

/** An SMTP 5xx reply is final; 4xx replies, timeouts and refused connections pass. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
