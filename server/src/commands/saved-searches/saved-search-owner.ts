import type { User } from '@agentry/platform/store/port';

// Whose saved searches an employer reads and writes: written once, so that when employers share
// their work in an organisation (issue 28, item 4) the owner becomes the organisation here, and
// every route, the cap and the digest follow. Today each employer owns their own searches.

export function savedSearchOwnerOf(user: User): string {
  return user.id;
}
