import type { PublicSignals } from '@agentry/domain/contract/signals';
import { SIGNALS_PATH } from '@agentry/domain/directory-reads';
import { apiRequest } from '../../../lib/api/api-client';
import { takeFirstRead } from '../../../lib/api/first-view';

export type { PublicSignals };

/** GET /api/signals: most compared this week, and trending (issue 26). */
export function getSignals(signal?: AbortSignal): Promise<PublicSignals> {
  return apiRequest<PublicSignals>(SIGNALS_PATH, { signal });
}

/** The lists when the page's HTML carried them (issue 25), else undefined. */
export const signalsInPage = () => takeFirstRead<PublicSignals>(SIGNALS_PATH);
