import { AnalyticsQuery, EventBody, type ProviderAnalytics } from '@agentry/domain/contract/analytics';
import type { User } from '@agentry/platform/store/port';
import express, { Router } from 'express';
import { audienceOf } from '../../../analytics/audience';
import { providerAnalytics } from '../../../analytics/provider-analytics';
import type { AppContext } from '../../../context';
import { requireUser } from '../../../http/require-user';
import { parse, parseQuery } from '../../../http/validate';

// Provider analytics: the events the browser reports (a click through to an agent's site) and a
// provider's weekly counts. Searches and agent pages are counted where they are answered.

/** navigator.sendBeacon sends a string as text/plain (a JSON type would need a CORS preflight). */
const beaconText = express.text({ type: 'text/plain', limit: '1kb' });

function readJson(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? {};
  try {
    return JSON.parse(body);
  } catch {
    return {};
  }
}

export function analyticsRoutes({ store, analytics, services }: AppContext): Router {
  const router = Router();

  /**
   * A visitor clicked through to an agent's site. No session or CSRF token (exempt in app.ts): it
   * adds to an anonymous count only, once per client, agent and day and at most 50 agents a client
   * a day (analytics/once-per-audience.ts), and is rate-limited per client as a write. 204 whatever the
   * agent, so a caller learns nothing; unknown or removed agents count nothing. The body is not logged.
   */
  router.post('/events', beaconText, async (req, res) => {
    const event = parse(EventBody, readJson(req.body));
    const agent = await store.agents.get(event.agent_id);
    if (agent && !agent.removed) analytics?.countFor(audienceOf(req), event.type, [agent.id]);
    res.status(204).end();
  });

  /** The signed-in provider's agents, each with totals and zero-filled weekly counts. */
  router.get('/users/analytics', requireUser, async (req, res) => {
    const { weeks } = parseQuery(AnalyticsQuery, req);
    const result = await providerAnalytics({
      store,
      analytics,
      ownerId: (req.user as User).id,
      weeks,
      now: new Date(services.now()),
    });
    res.set('Cache-Control', 'no-store').json({ success: true, ...result } satisfies ProviderAnalytics);
  });

  return router;
}
