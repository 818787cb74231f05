import type { Agent } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/html-entities';
import {
  checkOwnershipReport,
  LISTING_CLAIM_WAYS,
  type ListingClaimWay,
  type OwnershipReportInput,
} from '@agentry/domain/ownership-report';
import type { ContactRequest, DuplicateAgentError, User } from '@agentry/platform/store/port';
import { badRequest, conflict, type HttpError, notFound, tooManyRequests } from '../http/errors';
import type { Action, Query } from './command';
import { cleanLine, cleanMessage } from './employer/plain-text';
import type { Services } from './services';

// A listing nobody owns (staff added it, it was imported, or it waits held for review or for its
// address) can be taken from its real maker only by staff: the maker reports it ("this is my
// product") and the report lands in the admin inbox, where staff reply, and remove, correct or
// hand the listing over. Reports are rate-limited per client (RATE_LIMIT_OWNERSHIP_REPORTS_PER_DAY).
//
// LISTING_CLAIM_WAYS (domain/ownership-report.ts) names how the maker of an unowned listing can act,
// and the registration's "already listed" answer lists them. Proof of the listing's website domain
// (a DNS TXT record or a file on the site, with the trust issue) joins as 'domain', with its own
// command beside this one; the answer's shape does not change.

export const REPORT_MESSAGES = {
  sent: 'Thank you. Our staff read your report and answer you by e-mail.',
  notReportable: 'This listing is managed by its provider: contact them instead.',
  tooMany: 'You have sent several reports today. Please wait until tomorrow to send more.',
} as const;

/**
 * The 409 of a registration whose name and provider are taken. When nobody owns the listing, the
 * answer says how its maker can claim it (the registration form offers it); an owned listing only
 * says it is listed.
 */
export const duplicateAnswer: Query<'store', { error: DuplicateAgentError }, HttpError> = async (
  services,
  { error },
) => {
  const existing = await services.store.agents.findByIdentity(error.agentName, error.provider);
  if (!existing || !isReportable(existing)) return conflict(error.message);
  // A listed one may also be claimed by proof of its website's domain (issue 26,
  // commands/verification/claim-listing.ts); a held one is not listed, so only reported.
  const ways: ListingClaimWay[] = existing.removed ? ['report'] : [...LISTING_CLAIM_WAYS];
  return conflict(error.message, { unclaimed_listing: { agent_id: existing.id, ways } });
};

/** Unowned, and listed or held: not another provider's, and not one staff removed for good. */
function isReportable(agent: Agent): boolean {
  return agent.owner_id === null && (!agent.removed || agent.held_for !== null);
}

export const reportListing: Action<
  Services,
  { agentId: string; input: OwnershipReportInput; signedIn: User | null; client: string },
  ContactRequest
> = async (services, props) => {
  const errors = checkOwnershipReport(props.input);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, { errors });
  const agent = await services.store.agents.get(props.agentId);
  if (!agent) throw notFound('Agent not found');
  if (!isReportable(agent)) throw conflict(REPORT_MESSAGES.notReportable);
  const { remaining, resetSeconds } = await services.reportLimiter.hit(props.client);
  if (remaining < 0) throw tooManyRequests(REPORT_MESSAGES.tooMany, resetSeconds);

  const report = await services.store.contacts.create({
    agent_id: agent.id,
    agent_name: decodeEntities(agent.name),
    // The reporter needs no account; a signed-in one is recorded, so staff can see who it is.
    employer_id: props.signedIn?.id ?? '',
    // No provider: the request goes to the admin inbox.
    provider_id: null,
    kind: 'ownership',
    message: cleanMessage(props.input.message ?? ''),
    preferred_times: null,
    company: cleanLine(props.input.organization ?? ''),
    contact_name: cleanLine(props.input.name ?? ''),
    contact_email: (props.input.email ?? '').trim(),
    contact_phone: null,
  });
  services.logger.info({ agentId: agent.id, requestId: report.id }, 'listing reported by its maker');
  return report;
};
