// The store's part for sign-in sessions (contract/sessions.ts).

export interface SessionRepository {
  get(sid: string): Promise<string | null>;
  /** `userId` is the signed-in user the session belongs to, if any, so that all of a user's sessions can end together. */
  set(sid: string, data: string, expiresAt: Date, userId?: string | null): Promise<void>;
  touch(sid: string, expiresAt: Date): Promise<void>;
  destroy(sid: string): Promise<void>;
  /** Ends every session of the user (a password reset), but `exceptSid` if given. Returns how many ended. */
  destroyForUser(userId: string, exceptSid?: string): Promise<number>;
  purgeExpired(now?: Date): Promise<number>;
}
