import type { Agent } from '@agentry/domain/agent';
import { domainCovers, siteHostOf } from '@agentry/domain/domain-verification';
import { ROUTES } from '@agentry/domain/routes';
import type { ProofFinding } from '@agentry/platform/outbound/domain-proof';
import type { DomainVerification } from '@agentry/platform/store/port';
import type { Outbound } from '../../link-check/outbound';
import { verificationLapsedMessage } from '../../mail/trust-messages';
import { afterProofCheck, type VerificationEvent } from '../../verification/verification-state';
import type { Action, Query } from '../command';
import { deliver, publicLink, type Services } from '../services';
import { findProofs } from './domain-proofs';

// Looks for a domain's proof now (the provider's "Check now", and the scheduled recheck), saves what
// was found, and acts on a change: the agents it covers are touched (their badge and search
// document follow), and a lapse is e-mailed to the provider and written to the audit log, where
// staff see it beside the list of lapsed domains.

export interface DomainCheck {
  verification: DomainVerification;
  findings: ProofFinding[];
  event: VerificationEvent;
}

/** The provider's listed agents whose website the domain covers. */
export const agentsOnDomain: Query<'store', { userId: string; domain: string }, Agent[]> = async (
  services,
  { userId, domain },
) => {
  const owned = await services.store.agents.list({ ownerId: userId, limit: 1000 });
  return owned.filter((agent) => {
    const host = siteHostOf(agent.address);
    return host !== null && domainCovers(domain, host);
  });
};

export const touchAgentsOnDomain: Action<'store', { userId: string; domain: string }, number> = async (
  services,
  { userId, domain },
) => {
  const agents = await agentsOnDomain(services, { userId, domain });
  if (agents.length > 0) await services.store.agents.touch(agents.map((agent) => agent.id));
  return agents.length;
};

export const checkDomain: Action<
  Services & { outbound: Outbound },
  { verification: DomainVerification; recheckMs: number },
  DomainCheck
> = async (services, { verification, recheckMs }) => {
  const findings = await findProofs(services, { domain: verification.domain, token: verification.token });
  const { patch, event } = afterProofCheck(verification, findings, new Date(services.now()), recheckMs);
  const saved = (await services.store.verifications.saveCheck(verification.id, patch)) ?? {
    ...verification,
    ...patch,
  };
  if (event === 'verified' || event === 'lapsed')
    await touchAgentsOnDomain(services, { userId: saved.user_id, domain: saved.domain });
  if (event === 'lapsed') await reportLapse(services, saved, findings);
  services.logger.info({ domainId: saved.id, event }, 'domain proof checked');
  return { verification: saved, findings, event };
};

async function reportLapse(services: Services, verification: DomainVerification, findings: ProofFinding[]) {
  const detail = findings.map((finding) => `${finding.method}: ${finding.detail}`).join('; ');
  await services.store.audit.record({
    actor: 'system',
    action: 'verification_lapsed',
    entity_type: 'verification',
    entity_id: verification.id,
    entity_label: verification.domain,
    before: { status: 'verified' },
    after: { status: 'lapsed', detail },
  });
  const owner = await services.store.users.findById(verification.user_id);
  if (!owner) return;
  await deliver(
    services,
    verificationLapsedMessage({
      to: owner.email,
      fullName: owner.full_name,
      domain: verification.domain,
      detail,
      dashboardLink: publicLink(services, `${ROUTES.dashboard}#domains`),
    }),
  );
}
