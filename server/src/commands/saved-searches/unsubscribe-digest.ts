import type { Store } from '@agentry/platform/store/port';
import type { SavedSearchRecord } from '@agentry/platform/store/saved-search-port';
import { unsubscribeTokenMatches } from '../../auth/digest-unsubscribe';
import { notFound } from '../../http/errors';

// One click in a digest stops that search's e-mails, signed in or not: the link's token is checked
// against the search's id and author. A wrong token and an unknown search answer alike (404).

export const UNSUBSCRIBE_INVALID =
  'This unsubscribe link is not valid. Sign in to change your e-mail alerts.';

export async function unsubscribeDigest(
  store: Pick<Store, 'savedSearches'>,
  secret: string,
  input: { id: string; token: string },
): Promise<SavedSearchRecord> {
  const search = await store.savedSearches.findById(input.id);
  if (!search || !unsubscribeTokenMatches(secret, search.id, search.created_by, input.token))
    throw notFound(UNSUBSCRIBE_INVALID);
  return (await store.savedSearches.stopAlerts(search.id)) ?? search;
}
