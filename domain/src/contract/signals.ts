import { z } from 'zod';
import { SIGNALS } from '../public-signals';
import { PublicAgent } from './agents';

// GET /api/signals: "Most compared this week" and "Trending" (issue 26; server/src/routes/api/signals/).

export const PublicSignals = z.strictObject({
  week: z.string().meta({ description: "The current week's Monday (UTC)." }),
  most_compared: z
    .array(z.strictObject({ agent: PublicAgent, people: z.number().int().min(SIGNALS.minCompared) }))
    .max(SIGNALS.listLength),
  trending: z
    .array(
      z.strictObject({
        agent: PublicAgent,
        people: z.number().int().min(SIGNALS.minViews),
        growth: z.number().min(SIGNALS.minGrowth),
      }),
    )
    .max(SIGNALS.listLength),
});
export type PublicSignals = z.infer<typeof PublicSignals>;
