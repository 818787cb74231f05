import { normalizeEmail } from '@agentry/domain/email';
import { TEAM_INVITATIONS_PER_DAY } from '@agentry/domain/team';
import type { Config } from '@agentry/platform/config/env';
import type { Logger } from '@agentry/platform/log/logger';
import type { Mailer, MailMessage } from '@agentry/platform/mail/port';
import type { PaymentsProvider } from '@agentry/platform/payments/port';
import { FixedWindowLimiter } from '@agentry/platform/rate-limit/fixed-window-limiter';
import type { Limiter } from '@agentry/platform/rate-limit/limiter';
import type { RateLimitStore } from '@agentry/platform/rate-limit/port';
import { RateLimitStoreHealth } from '@agentry/platform/rate-limit/store-health';
import { StrictSharedLimiter } from '@agentry/platform/rate-limit/strict-shared-limiter';
import type { Store } from '@agentry/platform/store/port';

// What a command may use: passed in explicitly so a test can call a command on a real store with
// its own clock, and a route passes the app's. One typed object, as STYLE.md asks.

export interface Services {
  config: Pick<Config, 'publicUrl'>;
  logger: Logger;
  store: Store;
  mailer: Mailer;
  payments: PaymentsProvider;
  /**
   * What the payment provider's return addresses start with: Stripe needs absolute ones on our
   * public origin; the test-mode checkout is our own page, so its addresses stay relative ('') and
   * work wherever the app is reached (localhost, a test's port). Picked with the provider.
   */
  checkoutOrigin: string;
  /** Milliseconds since the epoch: Date.now in the app, a fake clock in tests. */
  now: () => number;
  /** Caps the link e-mails anyone can make us send to one address (see deliver). */
  recipientLimiter: Limiter;
  /** Registrations without an e-mail address per client and day (commands/register-agent.ts). */
  addressLessLimiter: Limiter;
  /** "This is my product" reports per client and day (commands/report-listing.ts). */
  reportLimiter: Limiter;
  /** Team invitations per organization and day, cancelled ones included (commands/team/manage-team.ts). */
  invitationLimiter: Limiter;
}

/**
 * Messages a stranger can trigger by typing someone's address: capped per recipient so nobody is
 * mail-bombed through us. A team invitation too: a subscriber may type anyone's address (issue 28).
 */
const STRANGER_TRIGGERED = new Set([
  'verify_email',
  'claim_agent',
  'reset_password',
  'change_email',
  'team_invitation',
]);
export const LINK_MAILS_PER_RECIPIENT_PER_HOUR = 5;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The rate-limit store every API process shares, or null to count in this process only. */
export interface SharedCounts {
  store: RateLimitStore | null;
  logger: Logger;
}

/**
 * A limit of the commands, counted in the rate-limit store every API process shares
 * (RATE_LIMIT_STORE=store, the default), one atomic store call per hit (they are rare); a failing
 * store leaves each process counting alone. `store` null (RATE_LIMIT_STORE=memory): this process only.
 */
function commandLimiter(shared: SharedCounts, name: string, limit: number, windowMs: number): Limiter {
  if (!shared.store) return new FixedWindowLimiter(limit, windowMs);
  const health = new RateLimitStoreHealth(shared.logger);
  return new StrictSharedLimiter({ name, limit, windowMs, store: shared.store, health });
}

/**
 * Counted per process, 12 reset requests spread over two workers sent 9 mails, not 5 (issue 21,
 * finding 9): the cap counts in the shared store.
 */
export const createRecipientLimiter = (shared: SharedCounts) =>
  commandLimiter(shared, 'mail-recipient', LINK_MAILS_PER_RECIPIENT_PER_HOUR, HOUR_MS);

/** The limiters of Services, from one shared store and the configured limits. */
export function createCommandLimiters(
  shared: SharedCounts,
  config: Pick<Config, 'RATE_LIMIT_ADDRESS_LESS_PER_DAY' | 'RATE_LIMIT_OWNERSHIP_REPORTS_PER_DAY'>,
) {
  return {
    recipientLimiter: createRecipientLimiter(shared),
    addressLessLimiter: commandLimiter(
      shared,
      'address-less',
      config.RATE_LIMIT_ADDRESS_LESS_PER_DAY,
      DAY_MS,
    ),
    reportLimiter: commandLimiter(
      shared,
      'ownership-reports',
      config.RATE_LIMIT_OWNERSHIP_REPORTS_PER_DAY,
      DAY_MS,
    ),
    invitationLimiter: commandLimiter(shared, 'team-invitations', TEAM_INVITATIONS_PER_DAY, DAY_MS),
  };
}

/**
 * Takes one of the link e-mails an address may receive this hour (all kinds together), or says
 * there is none left. Callers that must not undo anything for a mail that will not go (a reset
 * voids the older link) ask first; deliver asks itself otherwise.
 */
export async function takeMailAllowance(services: Services, kind: string, to: string): Promise<boolean> {
  if (!STRANGER_TRIGGERED.has(kind)) return true;
  const { remaining } = await services.recipientLimiter.hit(normalizeEmail(to));
  if (remaining >= 0) return true;
  services.logger.warn(
    { kind, toDomain: to.split('@')[1] ?? '' },
    'mail not sent: too many to this address this hour',
  );
  return false;
}

/**
 * Sends a message without letting a mail fault undo what the command saved: the failure is
 * logged (kind and recipient domain only; bodies carry links with tokens) and the caller goes on.
 */
export async function deliver(
  services: Services,
  message: MailMessage,
  options: { allowanceTaken?: boolean } = {},
): Promise<boolean> {
  const toDomain = message.to.split('@')[1] ?? '';
  if (!options.allowanceTaken && !(await takeMailAllowance(services, message.kind, message.to))) return false;
  try {
    await services.mailer.send(message);
    return true;
  } catch (error) {
    services.logger.error(
      // Not the whole error: SMTP rejections quote the recipient's address.
      { kind: message.kind, toDomain, code: errorCode(error) },
      'mail could not be sent',
    );
    return false;
  }
}

/** Absolute link on the public origin (e-mails are read outside the site). */
export const publicLink = (services: Services, path: string) => `${services.config.publicUrl}${path}`;

function errorCode(error: unknown): string | number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  return responseCode ?? code ?? (error as Error).name;
}
