import { PROOF_METHODS } from '@agentry/domain/domain-verification';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { checkProof, type ProofFinding } from '@agentry/platform/outbound/domain-proof';
import { HostPacer } from '@agentry/platform/outbound/host-pacer';
import type { Outbound } from '../../link-check/outbound';
import type { Query } from '../command';

// Looks for a domain's proof by every method, one after the other. The site is asked for the file
// and for its home page: two requests, a second apart at least (the link checker's politeness).

/** One pacer per process for proof checks (the link checker has its own). */
const pacer = new HostPacer(1000);

export const findProofs: Query<
  { outbound: Outbound },
  { domain: string; token: string },
  ProofFinding[]
> = async ({ outbound }, { domain, token }) => {
  const findings: ProofFinding[] = [];
  for (const method of PROOF_METHODS)
    findings.push(
      await checkProof(domain, token, method, {
        ...outbound,
        userAgent: outbound.userAgent.replace(/^\S+/, `${PRODUCT_NAME}Verifier/1.0`),
        beforeRequest: (url) => pacer.take(url.hostname),
      }),
    );
  return findings;
};
