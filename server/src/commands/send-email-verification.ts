import type { User } from '@agentry/platform/store/port';
import { issueToken } from '../auth/one-time-tokens';
import { verifyEmailMessage } from '../mail/messages';
import { deliver, publicLink, type Services } from './services';

/** Sends the link that proves the account's address (and gives it the agents waiting under it). */
export async function sendEmailVerification(services: Services, user: User): Promise<boolean> {
  const token = await issueToken(services.store, {
    purpose: 'verify_email',
    userId: user.id,
    now: services.now(),
  });
  return deliver(
    services,
    verifyEmailMessage({
      to: user.email,
      fullName: user.full_name,
      link: publicLink(services, `/verify-email?token=${token}`),
    }),
  );
}
