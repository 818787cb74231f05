// A click through to an agent's own site, for its provider's analytics (POST /api/events). Sent
// with navigator.sendBeacon, which outlives the page and needs no answer; a JSON string goes as
// text/plain, which needs no CORS preflight. Without sendBeacon (or when it refuses), a keepalive
// fetch without cookies. Failures are ignored: a lost count must never stop the visitor's click.

const EVENTS_PATH = '/api/events';

export function reportAgentClick(agentId: string): void {
  const body = JSON.stringify({ type: 'clicked', agent_id: agentId });
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(EVENTS_PATH, body)) return;
  } catch {
    // Some browsers throw instead of answering false: fall back to fetch.
  }
  if (typeof fetch !== 'function') return;
  fetch(EVENTS_PATH, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json' },
  }).catch(() => {});
}
