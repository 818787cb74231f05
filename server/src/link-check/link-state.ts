import { SITE_DOWN_AFTER_FAILURES, SITE_DOWN_OUTCOMES } from '@agentry/domain/site-check';
import type { SiteCheck } from '@agentry/platform/outbound/check-site';
import type { LinkCheckRecord } from '@agentry/platform/store/port';

// What one check does to an agent's record: a site that answers is up at once; a failure is tried
// again an hour later, and a second failure in a row makes the site down, since the first one (so
// one bad minute never tells a provider their site is gone); robots.txt that keeps us out makes it
// unknown; our own DNS failing changes nothing. A site that goes down is to be mailed about once,
// until it answers again.

/** A failed check is tried again this long after. */
export const RETRY_AFTER_MS = 60 * 60 * 1000;

export interface CheckedLink {
  record: LinkCheckRecord;
  /** The public state (site_state, site_since) changed: the agent's listing and index must follow. */
  publicChange: boolean;
  /** The site just went down and its provider has not been told: send the one e-mail. */
  notify: boolean;
}

export function nextLinkRecord(
  agentId: string,
  url: string,
  previous: LinkCheckRecord | null,
  found: SiteCheck,
  now: Date,
): CheckedLink {
  const at = now.toISOString();
  const before = previous ?? {
    state: 'unchecked' as const,
    state_since: null,
    failures: 0,
    first_failure_at: null,
    notified_at: null,
  };
  const base = {
    agent_id: agentId,
    url,
    outcome: found.outcome,
    http_status: found.http_status,
    final_url: found.final_url,
    detail: found.detail,
    checked_at: at,
  };
  let record: LinkCheckRecord;
  if (found.outcome === 'answered') {
    record = {
      ...base,
      state: 'up',
      state_since: before.state === 'up' ? before.state_since : at,
      failures: 0,
      first_failure_at: null,
      notified_at: null,
      retry_at: null,
    };
  } else if (SITE_DOWN_OUTCOMES.includes(found.outcome)) {
    const failures = before.failures + 1;
    const firstFailure = before.first_failure_at ?? at;
    const down = failures >= SITE_DOWN_AFTER_FAILURES;
    record = {
      ...base,
      state: down ? 'down' : before.state,
      state_since: down ? (before.state === 'down' ? before.state_since : firstFailure) : before.state_since,
      failures,
      first_failure_at: firstFailure,
      notified_at: before.notified_at,
      // Confirmed once: the next look is the pass's, a day later.
      retry_at: down ? null : new Date(now.getTime() + RETRY_AFTER_MS).toISOString(),
    };
  } else if (found.outcome === 'disallowed') {
    record = {
      ...base,
      state: 'unknown',
      state_since: before.state === 'unknown' ? before.state_since : at,
      failures: 0,
      first_failure_at: null,
      notified_at: null,
      retry_at: null,
    };
  } else {
    // Inconclusive: our resolver failed; the site keeps what it had.
    record = {
      ...base,
      state: before.state,
      state_since: before.state_since,
      failures: before.failures,
      first_failure_at: before.first_failure_at,
      notified_at: before.notified_at,
      retry_at: previous?.retry_at ?? null,
    };
  }
  const publicChange = record.state !== before.state || record.state_since !== before.state_since;
  const notify = record.state === 'down' && before.state !== 'down' && record.notified_at === null;
  if (notify) record.notified_at = at;
  return { record, publicChange, notify };
}
