import { sendWithCsrf } from '../api/send-with-csrf';
import type { SessionUser } from './auth-api';

// Both dashboards edit the account's profile; the answer is the session user's new copy, so this
// lives beside the session rather than in either dashboard.

/** Fields left out stay as they are. A new e-mail takes effect only once the link sent to it is opened. */
export interface ProfileChanges {
  full_name?: string;
  organization?: string;
  phone?: string | null;
  website?: string | null;
  email?: string;
}

export interface ProfileAnswer {
  success: boolean;
  user: SessionUser;
  /** "Your profile has been saved.", plus where the confirmation link went when the e-mail changes. */
  message: string;
}

export const PROFILE_SAVE_FAILED = 'Failed to save your profile';

/** The changes a profile form sends: its values trimmed, an emptied phone or website as null (removed). */
export function profileChanges(values: Partial<Record<keyof ProfileChanges, string>>): ProfileChanges {
  const changes: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(values)) {
    const trimmed = (value ?? '').trim();
    changes[name] = trimmed === '' && (name === 'phone' || name === 'website') ? null : trimmed;
  }
  return changes as ProfileChanges;
}

/** PUT /api/users/profile */
export function updateProfile(changes: ProfileChanges): Promise<ProfileAnswer> {
  return sendWithCsrf<ProfileAnswer>('/api/users/profile', { method: 'PUT', body: changes });
}
