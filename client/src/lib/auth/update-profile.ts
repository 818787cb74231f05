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

/** PUT /api/users/profile */
export function updateProfile(changes: ProfileChanges): Promise<ProfileAnswer> {
  return sendWithCsrf<ProfileAnswer>('/api/users/profile', { method: 'PUT', body: changes });
}
