import type {
  SavedSearch,
  SavedSearchAnswer,
  SavedSearchesAnswer,
  SavedSearchQuery,
  UnsubscribeAnswer,
} from '@agentry/domain/contract/saved-searches';
import type { Success } from '@agentry/domain/contract/shapes';
import type { DigestFrequency } from '@agentry/domain/saved-searches';
import { apiRequest } from './api-client';
import { sendWithCsrf } from './send-with-csrf';

// An employer's saved searches (issue 28). Shared: "Save this search" on the advanced search makes
// them, the employer dashboard lists and manages them, and the digest's unsubscribe page stops one.

export {
  DIGEST_FREQUENCIES,
  DIGEST_FREQUENCY_LABELS,
  SAVED_SEARCH_NAME_MAX,
} from '@agentry/domain/saved-searches';
export type { DigestFrequency, SavedSearch, SavedSearchQuery };

const BASE = '/api/employer/saved-searches';
const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** GET → the employer's saved searches, newest first, and how many one may keep. */
export async function getSavedSearches(
  signal?: AbortSignal,
): Promise<{ searches: SavedSearch[]; max: number }> {
  const answer = await apiRequest<SavedSearchesAnswer>(BASE, { signal });
  return { searches: answer.saved_searches, max: answer.max };
}

/** POST → the new saved search; 409 when the employer keeps the most already. */
export async function createSavedSearch(input: {
  name: string;
  search: SavedSearchQuery;
  alert: DigestFrequency;
}): Promise<SavedSearch> {
  return (await sendWithCsrf<SavedSearchAnswer>(BASE, { method: 'POST', body: input })).saved_search;
}

/** PUT → the search renamed, or with another alert. */
export async function updateSavedSearch(
  id: string,
  patch: { name?: string; alert?: DigestFrequency },
): Promise<SavedSearch> {
  return (await sendWithCsrf<SavedSearchAnswer>(path(id), { method: 'PUT', body: patch })).saved_search;
}

export async function deleteSavedSearch(id: string): Promise<void> {
  await sendWithCsrf<Success>(path(id), { method: 'DELETE' });
}

/** POST /api/saved-searches/unsubscribe → the name of the search whose e-mails stopped. */
export async function unsubscribeSavedSearch(id: string, token: string): Promise<string> {
  return (
    await sendWithCsrf<UnsubscribeAnswer>('/api/saved-searches/unsubscribe', {
      method: 'POST',
      body: { id, token },
    })
  ).name;
}
