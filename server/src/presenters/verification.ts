import type {
  AdminDomain,
  Domain,
  ListingClaim as PresentedClaim,
  ProofFinding as PresentedFinding,
} from '@agentry/domain/contract/trust';
import { proofInstructions } from '@agentry/domain/domain-verification';
import type { ProofFinding } from '@agentry/platform/outbound/domain-proof';
import type { DomainVerification, ListingClaim } from '@agentry/platform/store/port';

/** A provider's own domain, with where each proof goes. */
export function presentDomain(verification: DomainVerification): Domain {
  return {
    id: verification.id,
    domain: verification.domain,
    status: verification.status,
    method: verification.method,
    token: verification.token,
    verified_at: verification.verified_at,
    checked_at: verification.checked_at,
    lapsed_at: verification.lapsed_at,
    instructions: proofInstructions(verification.domain, verification.token),
  };
}

export const presentFindings = (findings: ProofFinding[]): PresentedFinding[] =>
  findings.map(({ method, found, detail }) => ({ method, found, detail }));

/** A domain as staff list it: whose, and how it stands (no token). */
export function presentAdminDomain(verification: DomainVerification, ownerEmail: string | null): AdminDomain {
  return {
    id: verification.id,
    domain: verification.domain,
    owner_email: ownerEmail,
    status: verification.status,
    method: verification.method,
    verified_at: verification.verified_at,
    checked_at: verification.checked_at,
    next_check_at: verification.next_check_at,
    failures: verification.failures,
    lapsed_at: verification.lapsed_at,
  };
}

/** A claim as staff list it (owners by e-mail). */
export function presentClaim(claim: ListingClaim, emails: Map<string, string>): PresentedClaim {
  return {
    id: claim.id,
    agent_id: claim.agent_id,
    agent_name: claim.agent_name,
    domain: claim.domain,
    from_owner_email: claim.from_owner_id ? (emails.get(claim.from_owner_id) ?? null) : null,
    to_owner_email: emails.get(claim.to_owner_id) ?? null,
    created_at: claim.created_at,
    reversed_at: claim.reversed_at,
    reversed_by: claim.reversed_by,
    reverse_reason: claim.reverse_reason,
  };
}
