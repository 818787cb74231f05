import { PRODUCT_NAME } from '@agentry/domain/product';
import { longDate } from '@agentry/domain/site-check';
import type { MailMessage } from '@agentry/platform/mail/port';
import { composeLetter } from './letter';

// The trust layer's messages (issue 26), as pure functions of typed data: a listing's site that
// broke, a verified domain whose proof is gone, and a listing that passed to its domain's owner
// (to the account that held it) or came back (to both). Names of agents are typed text: they go in
// the body, never in a subject.

interface Recipient {
  to: string;
  fullName: string;
}

export function siteDownMessage({
  to,
  fullName,
  agentName,
  address,
  since,
  dashboardLink,
}: Recipient & { agentName: string; address: string; since: string; dashboardLink: string }): MailMessage {
  return composeLetter({
    to,
    kind: 'site_down',
    subject: "Your agent's website is not answering",
    name: fullName,
    blocks: [
      `The website of your agent "${agentName}", ${address}, has not answered our link checker since ${longDate(since)} (two checks an hour apart).`,
      'Visitors now read "Site unreachable" on its page. Once the site answers again, the next check clears it by itself.',
      'If the agent moved to another address, update its listing:',
      { label: 'Your dashboard', url: dashboardLink },
      'We write once per breakage: you will not hear from us again about this site until it has come back.',
    ],
  });
}

export function verificationLapsedMessage({
  to,
  fullName,
  domain,
  detail,
  dashboardLink,
}: Recipient & { domain: string; detail: string; dashboardLink: string }): MailMessage {
  return composeLetter({
    to,
    kind: 'verification_lapsed',
    subject: `Your domain is no longer verified on ${PRODUCT_NAME}`,
    name: fullName,
    blocks: [
      `When we checked ${domain} again, its proof was gone (${detail}).`,
      `Your listings on ${domain} no longer carry the "Verified" badge. Put the TXT record, the file or the meta tag back and check it again from your dashboard; the badge returns at once.`,
      { label: 'Your verified domains', url: dashboardLink },
    ],
  });
}

export function listingClaimedMessage({
  to,
  fullName,
  agentName,
  domain,
}: Recipient & { agentName: string; domain: string }): MailMessage {
  return composeLetter({
    to,
    kind: 'listing_claimed',
    subject: 'A listing you managed passed to its domain owner',
    name: fullName,
    blocks: [
      `The agent "${agentName}" is listed with a website on ${domain}. The owner of ${domain} proved control of it on ${PRODUCT_NAME} and claimed the listing, which is no longer in your account.`,
      'If you believe this is a mistake, reply to this e-mail: our staff can reverse a claim.',
    ],
  });
}

export function claimReversedMessage({
  to,
  fullName,
  agentName,
  gained,
}: Recipient & { agentName: string; gained: boolean }): MailMessage {
  return composeLetter({
    to,
    kind: 'listing_claim_reversed',
    subject: gained ? 'A listing is back in your account' : 'A listing you claimed was given back',
    name: fullName,
    blocks: [
      gained
        ? `Our staff reversed the claim on the agent "${agentName}": it is back in your account.`
        : `Our staff reversed your claim on the agent "${agentName}": it is no longer in your account.`,
      'Reply to this e-mail if you have questions.',
    ],
  });
}
