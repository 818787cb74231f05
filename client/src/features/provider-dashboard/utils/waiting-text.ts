import { waitsOnConfirmation } from '../../../components/account/email-confirmation-banner';
import type { SessionUser } from '../../../lib/auth/auth-api';

// Agents registered under an address pass to the account only once the address is confirmed
// (docs/accounts.md, ownership): the dashboard's banner says how many wait, when it knows.

export function waitingText(count: number | null, user: Pick<SessionUser, 'user_type'>): string {
  if (!count) return waitsOnConfirmation(user);
  return count === 1
    ? '1 agent registered under this address waits for it.'
    : `${count} agents registered under this address wait for it.`;
}
