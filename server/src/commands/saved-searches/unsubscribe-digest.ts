import type { SavedSearchRecord } from '@agentry/platform/store/port';
import { unsubscribeTokenMatches } from '../../auth/digest-unsubscribe';
import { notFound } from '../../http/errors';
import type { Action } from '../command';
import type { Services } from '../services';

// One click in a digest stops that search's e-mails, signed in or not: the link's token is checked
// against the search's id and author. A wrong token and an unknown search answer alike (404).

export const UNSUBSCRIBE_INVALID =
  'This unsubscribe link is not valid. Sign in to change your e-mail alerts.';

/** The store, and the secret the digest signed its unsubscribe links with (the session secret). */
type Needs = Pick<Services, 'store'> & { secret: string };

export const unsubscribeDigest: Action<Needs, { id: string; token: string }, SavedSearchRecord> = async (
  { store, secret },
  input,
) => {
  const search = await store.savedSearches.findById(input.id);
  if (!search || !unsubscribeTokenMatches(secret, search.id, search.created_by, input.token))
    throw notFound(UNSUBSCRIBE_INVALID);
  return (await store.savedSearches.stopAlerts(search.id)) ?? search;
};
