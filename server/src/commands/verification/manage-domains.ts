import { randomBytes } from 'node:crypto';
import {
  DOMAINS_PER_ACCOUNT_MAX,
  normalizeDomain,
  VERIFICATION_MESSAGES,
} from '@agentry/domain/domain-verification';
import {
  DomainLimitError,
  type DomainVerification,
  DuplicateDomainError,
  type User,
} from '@agentry/platform/store/port';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { Action, Query } from '../command';
import { touchAgentsOnDomain } from './check-domain';

// A provider's domains: added pending with a token of their own (another account adding the same
// domain gets another token, so nobody can borrow a published proof), removed with their badges.

/** Domains are proven by provider accounts: they are what listings belong to. */
export function assertProvider(user: User): void {
  if (user.user_type !== 'agent_provider') throw forbidden(VERIFICATION_MESSAGES.providersOnly);
}

export const addDomain: Action<'store', { user: User; domain: string }, DomainVerification> = async (
  services,
  { user, domain: typed },
) => {
  assertProvider(user);
  const domain = normalizeDomain(typed);
  if (!domain) throw badRequest(VERIFICATION_MESSAGES.domainInvalid);
  try {
    return await services.store.verifications.create(
      { user_id: user.id, domain, token: randomBytes(16).toString('hex') },
      DOMAINS_PER_ACCOUNT_MAX,
    );
  } catch (error) {
    if (error instanceof DuplicateDomainError) throw conflict(VERIFICATION_MESSAGES.domainTaken);
    if (error instanceof DomainLimitError) throw conflict(VERIFICATION_MESSAGES.tooMany);
    throw error;
  }
};

/** The user's own domain, or 404 (another account's domain answers as a missing one). */
export const ownDomain: Query<'store', { user: User; id: string }, DomainVerification> = async (
  services,
  { user, id },
) => {
  const found = await services.store.verifications.get(id);
  if (!found || found.user_id !== user.id) throw notFound(VERIFICATION_MESSAGES.notFound);
  return found;
};

export const removeDomain: Action<'store', { user: User; id: string }> = async (services, { user, id }) => {
  const removed = await services.store.verifications.remove(id, user.id);
  if (!removed) throw notFound(VERIFICATION_MESSAGES.notFound);
  if (removed.status === 'verified')
    await touchAgentsOnDomain(services, { userId: user.id, domain: removed.domain });
};
