import type { DirectoryCount } from '@agentry/domain/contract/catalog';
import type { Showcase } from '@agentry/domain/contract/showcase';
import type { PublicSignals } from '@agentry/domain/contract/signals';
import { apiRequest } from '../../../lib/api/api-client';
import { takeFirstRead } from '../../../lib/api/first-view';

/** A category's tile: its name and how many agents it lists. */
export type CategoryCount = DirectoryCount;

/** GET /api/directory/counts → how many agents each category lists (the home page's tiles). */
export function getCategoryCounts(signal?: AbortSignal): Promise<CategoryCount[]> {
  return apiRequest<CategoryCount[]>('/api/directory/counts', { signal });
}

/** GET /api/signals → this week's trending and most compared agents (people counted, not requests). */
export function getSignals(signal?: AbortSignal): Promise<PublicSignals> {
  return apiRequest<PublicSignals>('/api/signals', { signal });
}

/** GET /api/showcase → the newest, verified and well-reviewed agents (issue 25). */
export function getShowcase(signal?: AbortSignal): Promise<Showcase> {
  return apiRequest<Showcase>('/api/showcase', { signal });
}

// The same answers when the page's HTML carried them (issue 25), else undefined.
export const categoryCountsInPage = () => takeFirstRead<CategoryCount[]>('/api/directory/counts');
export const signalsInPage = () => takeFirstRead<PublicSignals>('/api/signals');
export const showcaseInPage = () => takeFirstRead<Showcase>('/api/showcase');
