import type { ProfileAnswer, ProfileBody } from '@agentry/domain/contract/accounts';
import { sendWithCsrf } from '../api/send-with-csrf';

// Both dashboards edit the account's profile; the answer is the session user's new copy, so this
// lives beside the session rather than in either dashboard.

/** Fields left out stay as they are. A new e-mail takes effect only once the link sent to it is opened. */
export type { ProfileAnswer, ProfileBody as ProfileChanges };

export const PROFILE_SAVE_FAILED = 'Failed to save your profile';

/** The changes a profile form sends: its values trimmed, an emptied phone or website as null (removed). */
export function profileChanges(values: Partial<Record<keyof ProfileBody, string>>): ProfileBody {
  const changes: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(values)) {
    const trimmed = (value ?? '').trim();
    changes[name] = trimmed === '' && (name === 'phone' || name === 'website') ? null : trimmed;
  }
  return changes as ProfileBody;
}

/** PUT /api/users/profile */
export function updateProfile(changes: ProfileBody): Promise<ProfileAnswer> {
  return sendWithCsrf<ProfileAnswer>('/api/users/profile', { method: 'PUT', body: changes });
}
