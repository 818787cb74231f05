import { z } from 'zod';
import { SHOWCASE } from '../home-showcase';
import { PublicAgent } from './agents';

// GET /api/showcase: the home page's agent lists (server/src/routes/api/showcase/).

const list = (description: string) => z.array(PublicAgent).max(SHOWCASE.listLength).meta({ description });

export const Showcase = z.strictObject({
  newest: list('The agents listed most recently, newest first.'),
  verified: list(
    'Agents whose provider proved control of the domain of the agent’s website (the Verified badge), the providers verified most recently first.',
  ),
  well_reviewed: list(
    `Agents with at least ${SHOWCASE.minReviews} readable reviews averaging ${SHOWCASE.minAverage} or more, best average first.`,
  ),
});
export type Showcase = z.infer<typeof Showcase>;
