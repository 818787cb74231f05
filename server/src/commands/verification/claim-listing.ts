import { coveringDomain, siteDomainOf } from '@agentry/domain/domain-verification';
import { decodeEntities } from '@agentry/domain/html-entities';
import { MAX_AGENTS_PER_PROVIDER } from '@agentry/domain/plans';
import type { ListingClaim, User } from '@agentry/platform/store/port';
import { conflict, notFound } from '../../http/errors';
import { claimReversedMessage, listingClaimedMessage } from '../../mail/trust-messages';
import { SUBSCRIPTION_MESSAGES } from '../../policies/subscription';
import type { Action } from '../command';
import { deliver, type Services } from '../services';
import { assertProvider } from './manage-domains';

// A listing passes to the owner of its website's domain (issue 26; the way issue 21's "already
// listed" answer names 'domain'): a provider who proved control of a domain covering the listing's
// site claims it from nobody, or from an account that has proved no such domain (a squatter, who is
// told). Staff can reverse a claim. Both are in the audit log.

export const CLAIM_MESSAGES = {
  notFound: 'Agent not found',
  yours: 'This listing is in your account already.',
  needsDomain: (domain: string) =>
    `Prove that you control ${domain} first (Verified domains, in your dashboard), then claim the listing again.`,
  contested:
    'The account that manages this listing has proved this domain too. Write to us and our staff will look at it.',
  changed: 'This listing changed hands a moment ago. Please try again.',
  claimNotFound: 'Claim not found',
  notReversible: 'This claim was reversed already, or the listing has changed hands since.',
} as const;

export const claimListing: Action<Services, { user: User; agentId: string }, ListingClaim> = async (
  services,
  { user, agentId },
) => {
  assertProvider(user);
  const { store } = services;
  const agent = await store.agents.get(agentId);
  if (!agent || agent.removed) throw notFound(CLAIM_MESSAGES.notFound);
  if (agent.owner_id === user.id) throw conflict(CLAIM_MESSAGES.yours);
  // A claim adds a listing to the account: within the ceiling any account may list (a registration
  // meets it in assertMayAddAgent), so domain proofs cannot pile up listings past it.
  const [owned] = await store.agents.countByOwner([user.id]);
  if ((owned?.live ?? 0) >= MAX_AGENTS_PER_PROVIDER) throw conflict(SUBSCRIPTION_MESSAGES.agentLimit);
  const mine = (await store.verifications.verifiedFor([user.id])).map((row) => row.domain);
  const domain = coveringDomain(mine, agent.address);
  if (!domain) {
    const needed = siteDomainOf(agent.address) ?? agent.address;
    throw conflict(CLAIM_MESSAGES.needsDomain(needed), { needs_domain: needed });
  }
  if (agent.owner_id) {
    const theirs = (await store.verifications.verifiedFor([agent.owner_id])).map((row) => row.domain);
    if (coveringDomain(theirs, agent.address)) throw conflict(CLAIM_MESSAGES.contested);
  }
  const claim = await store.listingClaims.claim({
    agent_id: agent.id,
    agent_name: decodeEntities(agent.name),
    domain,
    from_owner_id: agent.owner_id,
    to_owner_id: user.id,
  });
  if (!claim) throw conflict(CLAIM_MESSAGES.changed);
  await store.audit.record({
    actor: `provider ${user.email}`,
    action: 'claim_by_domain',
    entity_type: 'listing_claim',
    entity_id: claim.id,
    entity_label: claim.agent_name,
    before: { agent_id: agent.id, owner_id: agent.owner_id },
    after: { agent_id: agent.id, owner_id: user.id, domain },
  });
  services.logger.info(
    { agentId: agent.id, claimId: claim.id, squatted: agent.owner_id !== null },
    'listing claimed by domain',
  );
  if (agent.owner_id) {
    const previous = await store.users.findById(agent.owner_id);
    if (previous)
      await deliver(
        services,
        listingClaimedMessage({
          to: previous.email,
          fullName: previous.full_name,
          agentName: claim.agent_name,
          domain,
        }),
      );
  }
  return claim;
};

export const reverseClaim: Action<
  Services,
  { claimId: string; admin: string; reason: string },
  ListingClaim
> = async (services, props) => {
  const { store } = services;
  const before = await store.listingClaims.get(props.claimId);
  if (!before) throw notFound(CLAIM_MESSAGES.claimNotFound);
  const reversed = await store.listingClaims.reverse(props.claimId, {
    by: props.admin,
    reason: props.reason,
    at: new Date(services.now()).toISOString(),
  });
  if (!reversed) throw conflict(CLAIM_MESSAGES.notReversible);
  await store.audit.record({
    actor: props.admin,
    action: 'reverse_claim',
    entity_type: 'listing_claim',
    entity_id: reversed.id,
    entity_label: reversed.agent_name,
    before: { agent_id: reversed.agent_id, owner_id: reversed.to_owner_id },
    after: { agent_id: reversed.agent_id, owner_id: reversed.from_owner_id, reason: props.reason },
  });
  for (const [userId, gained] of [
    [reversed.from_owner_id, true],
    [reversed.to_owner_id, false],
  ] as const) {
    const person = userId ? await store.users.findById(userId) : null;
    if (person)
      await deliver(
        services,
        claimReversedMessage({
          to: person.email,
          fullName: person.full_name,
          agentName: reversed.agent_name,
          gained,
        }),
      );
  }
  return reversed;
};
