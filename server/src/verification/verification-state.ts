import type { ProofFinding } from '@agentry/platform/outbound/domain-proof';
import type { DomainVerification, VerificationCheckPatch } from '@agentry/platform/store/port';

// What a look for a domain's proof does to its record. Found by any method: verified (again), and
// looked for again in VERIFICATION_RECHECK_HOURS. Looked for and surely absent by every method
// (the TXT record, the file and the tag all answered without the token): a verified domain lapses
// at once, its badge goes and its provider is told. Not reachable (a timeout, a refused connection,
// DNS down): a verified domain keeps its badge and is tried again an hour later, and lapses after
// three such looks in a row, so a site's bad hour never takes a badge away.

export const RETRY_UNREACHABLE_MS = 60 * 60 * 1000;
export const LAPSE_AFTER_UNREACHABLE = 3;

export type VerificationEvent =
  /** Proven now, not verified before. */
  | 'verified'
  /** Verified before and still. */
  | 'kept'
  /** Verified before, the proof is gone (or unreachable three times): the badge goes. */
  | 'lapsed'
  /** Verified before, unreachable this time: tried again soon. */
  | 'retry'
  /** Not verified before, and not proven now. */
  | 'not_found';

export function afterProofCheck(
  verification: DomainVerification,
  findings: ProofFinding[],
  now: Date,
  recheckMs: number,
): { patch: VerificationCheckPatch; event: VerificationEvent } {
  const at = now.toISOString();
  const found = findings.find((finding) => finding.found);
  const wasVerified = verification.status === 'verified';
  if (found) {
    return {
      event: wasVerified ? 'kept' : 'verified',
      patch: {
        status: 'verified',
        method: found.method,
        verified_at: wasVerified ? verification.verified_at : at,
        checked_at: at,
        next_check_at: new Date(now.getTime() + recheckMs).toISOString(),
        failures: 0,
        lapsed_at: null,
      },
    };
  }
  const settled = findings.every((finding) => finding.definitive);
  const failures = settled ? 0 : verification.failures + 1;
  if (wasVerified && (settled || failures >= LAPSE_AFTER_UNREACHABLE)) {
    return {
      event: 'lapsed',
      patch: {
        status: 'lapsed',
        method: verification.method,
        verified_at: verification.verified_at,
        checked_at: at,
        next_check_at: null,
        failures: 0,
        lapsed_at: at,
      },
    };
  }
  if (wasVerified) {
    return {
      event: 'retry',
      patch: {
        status: 'verified',
        method: verification.method,
        verified_at: verification.verified_at,
        checked_at: at,
        next_check_at: new Date(now.getTime() + RETRY_UNREACHABLE_MS).toISOString(),
        failures,
        lapsed_at: null,
      },
    };
  }
  return {
    event: 'not_found',
    patch: {
      status: verification.status,
      method: verification.method,
      verified_at: verification.verified_at,
      checked_at: at,
      next_check_at: null,
      failures: 0,
      lapsed_at: verification.lapsed_at,
    },
  };
}
