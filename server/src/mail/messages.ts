import type { ContactKind } from '@agentry/domain/employer-tools';
import { formatLongUsDate } from '@agentry/domain/payment-status';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { TEAM_INVITATION_DAYS } from '@agentry/domain/team';
import type { MailMessage } from '@agentry/platform/mail/port';
import { CLAIM_HOLD_DAYS } from '../auth/one-time-tokens';
import { type Block, composeLetter } from './letter';

// Every message Agentry sends, as pure functions of typed data. Callers build the links on
// config.publicUrl (absolute: mail is read outside the site); the validity periods stated here
// are the ones the token code enforces (48 hours for address links, 1 hour for a password reset).

interface Recipient {
  to: string;
  fullName: string;
}

interface LinkMail extends Recipient {
  link: string;
}

interface PlanMail extends Recipient {
  planName: string;
}

/** Seconds since the epoch, as the payment provider gives them; shown as a long US date. */
type UnixSeconds = number;

/** "$5" or "$4.50". */
const formatUsd = (amount: number) => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;

/** "X", "X" and "Y", or "X", "Y" and "Z": agents' names as typed, each in quotes. */
function quotedNames(names: string[]): string {
  const quoted = names.map((name) => `"${name}"`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/**
 * The link that proves the account's address. It hands over only the agents named here (those the
 * account's holder registered under the address, in the browser that created the account or while
 * signed in to it), never others registered under the address (docs/accounts.md, ownership).
 */
export function verifyEmailMessage({
  to,
  fullName,
  link,
  agentNames = [],
}: LinkMail & { agentNames?: string[] }): MailMessage {
  const agents =
    agentNames.length === 0
      ? []
      : [
          `Opening it also lists ${agentNames.length === 1 ? 'the agent' : 'the agents'} you registered under this address, ${quotedNames(agentNames)}, and adds ${agentNames.length === 1 ? 'it' : 'them'} to your account. Until then ${agentNames.length === 1 ? 'it is' : 'they are'} not listed, and an agent whose address nobody confirms within ${CLAIM_HOLD_DAYS} days is deleted.`,
        ];
  return composeLetter({
    to,
    kind: 'verify_email',
    subject: `Confirm your e-mail address for ${PRODUCT_NAME}`,
    name: fullName,
    blocks: [
      `Please confirm that this is your e-mail address by opening the link below while signed in to your ${PRODUCT_NAME} account.`,
      { label: 'Confirm your e-mail address', url: link },
      'The link is valid for 48 hours.',
      ...agents,
      `If you did not create a ${PRODUCT_NAME} account, you can ignore this e-mail.`,
    ],
  });
}

/** Sent to the new address: the change takes effect only when the link is opened. */
export function changeEmailMessage({ to, link }: LinkMail): MailMessage {
  return composeLetter({
    to,
    kind: 'change_email',
    subject: `Confirm your new sign-in address for ${PRODUCT_NAME}`,
    // No greeting by name: the address has not proved anything yet, and the name is typed text.
    blocks: [
      `You asked to sign in to ${PRODUCT_NAME} with ${to} from now on. Open the link below to confirm this address.`,
      { label: 'Confirm your new address', url: link },
      'The link is valid for 48 hours. Until it is opened, you keep signing in with your current address.',
      'If you did not ask for this, you can ignore this e-mail: nothing changes.',
    ],
  });
}

/** What the address has on Agentry, which decides what its holder can do with a claim link. */
export type ClaimAddress = 'provider' | 'no-account' | 'employer';

/**
 * Sent when anyone but the address's signed-in, confirmed provider registers an agent under it.
 * The registrant's answer is the same whatever the address has (no account, a provider or an
 * employer account): the difference is told here, to the address, and nowhere else. The agent is
 * not listed until the link is opened; ignored, it is deleted after CLAIM_HOLD_DAYS days.
 */
export function claimAgentMessage({
  to,
  agentName,
  link,
  address,
}: {
  to: string;
  agentName: string;
  /** Null for an employer's address: no account of it can hold the agent. */
  link: string | null;
  address: ClaimAddress;
}): MailMessage {
  const ignored = `If you do nothing, the agent is never listed, nothing is added to any account, and it is deleted after ${CLAIM_HOLD_DAYS} days. If it was not you, you can ignore this e-mail.`;
  const next: Block[] =
    address === 'employer' || link === null
      ? [
          `This address belongs to a ${PRODUCT_NAME} employer account, and only provider accounts hold agents, so the agent cannot be added to it and will not be listed under this address.`,
          'If it was you, register the agent again with the address of a provider account.',
        ]
      : [
          address === 'provider'
            ? `If it was you, sign in to your ${PRODUCT_NAME} provider account with this address and open the link below: the agent is then listed and added to your account.`
            : `If it was you, create your ${PRODUCT_NAME} provider account with this address (or sign in to it, if you have created it since), then open the link below: the agent is then listed and added to your account.`,
          { label: 'List the agent and add it to your account', url: link },
          `The link is valid for ${CLAIM_HOLD_DAYS} days and works only in the provider account of this address.`,
        ];
  return composeLetter({
    to,
    kind: 'claim_agent',
    // Not the agent's name: that is text a stranger typed, and subjects are what inboxes show.
    subject: `An agent was registered on ${PRODUCT_NAME} under your address`,
    blocks: [
      `Someone registered the agent "${agentName}" on ${PRODUCT_NAME} under this e-mail address. It is not listed yet.`,
      ...next,
      ignored,
    ],
  });
}

export function resetPasswordMessage({ to, fullName, link }: LinkMail): MailMessage {
  return composeLetter({
    to,
    kind: 'reset_password',
    subject: `Reset your ${PRODUCT_NAME} password`,
    name: fullName,
    blocks: [
      `We received a request to reset the password of your ${PRODUCT_NAME} account. Open the link below to choose a new one.`,
      { label: 'Choose a new password', url: link },
      'The link is valid for 1 hour and works once. Setting a new password signs you out on every device.',
      'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    ],
  });
}

export function subscriptionStartedMessage({
  to,
  fullName,
  planName,
  priceUsd,
  periodEnd,
}: PlanMail & { priceUsd: number; periodEnd: UnixSeconds }): MailMessage {
  return composeLetter({
    to,
    kind: 'subscription_started',
    subject: `Your ${PRODUCT_NAME} ${planName} is active`,
    name: fullName,
    blocks: [
      `Thank you for subscribing. Your ${planName} is active, at ${formatUsd(priceUsd)} a month.`,
      `Your current billing period ends on ${formatLongUsDate(periodEnd)}. The subscription then renews every month until you cancel it.`,
      'You can cancel at any time from Manage subscription in your account, and you keep the plan until the end of the period you paid for.',
    ],
  });
}

export function subscriptionCancelledMessage({
  to,
  fullName,
  planName,
  accessUntil,
}: PlanMail & { accessUntil: UnixSeconds }): MailMessage {
  return composeLetter({
    to,
    kind: 'subscription_cancelled',
    subject: `Your ${PRODUCT_NAME} ${planName} has been cancelled`,
    name: fullName,
    blocks: [
      `Your ${planName} is cancelled and will not renew: you will not be charged again. You keep its benefits until ${formatLongUsDate(accessUntil)}.`,
      'Changed your mind? You can reactivate it until then from Manage subscription in your account.',
    ],
  });
}

export function subscriptionReactivatedMessage({
  to,
  fullName,
  planName,
  nextBillingDate,
}: PlanMail & { nextBillingDate: UnixSeconds }): MailMessage {
  return composeLetter({
    to,
    kind: 'subscription_reactivated',
    subject: `Your ${PRODUCT_NAME} ${planName} is active again`,
    name: fullName,
    blocks: [
      `Your ${planName} is active again and renews every month. The next payment is due on ${formatLongUsDate(nextBillingDate)}.`,
    ],
  });
}

export function subscriptionEndedMessage({ to, fullName, planName }: PlanMail): MailMessage {
  return composeLetter({
    to,
    kind: 'subscription_ended',
    subject: `Your ${PRODUCT_NAME} ${planName} has ended`,
    name: fullName,
    blocks: [
      `Your ${planName} has ended, and its benefits are no longer available on your account.`,
      'You can subscribe again at any time from your account.',
    ],
  });
}

export function paymentFailedMessage({
  to,
  fullName,
  planName,
  manageLink,
}: PlanMail & { manageLink: string }): MailMessage {
  return composeLetter({
    to,
    kind: 'payment_failed',
    subject: `Payment for your ${PRODUCT_NAME} ${planName} failed`,
    name: fullName,
    blocks: [
      `We could not take the latest payment for your ${planName}. Please check your payment method to keep your subscription.`,
      { label: 'Manage your subscription', url: manageLink },
      'If the payment cannot be taken, the subscription ends and its benefits stop.',
    ],
  });
}

const REQUEST_WORD: Record<ContactKind, string> = {
  contact: 'contact request',
  demo: 'demo request',
  ownership: 'report about a listing',
};

/**
 * A contact or demo request from an employer, to the provider who owns the agent. The texts are
 * what the employer typed and their profile; none goes in the subject, which inboxes show.
 */
export function contactRequestMessage({
  to,
  fullName,
  kind,
  agentName,
  message,
  preferredTimes,
  from,
  inboxLink,
}: Recipient & {
  kind: ContactKind;
  agentName: string;
  message: string;
  preferredTimes: string | null;
  from: { name: string; company: string; email: string; phone: string | null };
  inboxLink: string;
}): MailMessage {
  const reach = from.phone ? `${from.email} or ${from.phone}` : from.email;
  const letter = composeLetter({
    to,
    kind: 'contact_request',
    subject: `New ${REQUEST_WORD[kind]} on ${PRODUCT_NAME}`,
    name: fullName,
    blocks: [
      `${from.name} of ${from.company} sent a ${REQUEST_WORD[kind]} about your agent "${agentName}" on ${PRODUCT_NAME}.`,
      `Their message:\n${message}`,
      ...(kind === 'demo' && preferredTimes ? [`Preferred times: ${preferredTimes}`] : []),
      `You can reach ${from.name} at ${reach}, or reply from the inbox in your dashboard:`,
      { label: 'Open your inbox', url: inboxLink },
    ],
  });
  // Answering the e-mail reaches the employer (issue 25): the request already shares their address.
  return { ...letter, replyTo: from.email };
}

/** A provider's (or staff's) reply to an employer's request, sent to the request's contact address. */
export function contactReplyMessage({
  to,
  fullName,
  kind,
  agentName,
  repliedBy,
  reply,
  requestsLink,
  replyTo,
}: Recipient & {
  kind: ContactKind;
  agentName: string;
  /** The provider's organization, or "The Agentry team" for a request staff answered. */
  repliedBy: string;
  reply: string;
  requestsLink: string;
  /** The provider's address (issue 25): answering the e-mail reaches them. None for staff's replies. */
  replyTo?: string;
}): MailMessage {
  const letter = composeLetter({
    to,
    kind: 'contact_reply',
    subject: `A reply to your ${REQUEST_WORD[kind]} on ${PRODUCT_NAME}`,
    name: fullName,
    blocks: [
      `${repliedBy} replied to your ${REQUEST_WORD[kind]} about "${agentName}":`,
      reply,
      // Whoever reported a listing may have no account: the reply is the whole answer.
      ...(kind === 'ownership'
        ? []
        : [
            'Answer here by e-mail, or in your employer dashboard, where your requests and their replies are:',
            { label: 'See your requests', url: requestsLink },
          ]),
    ],
  });
  return replyTo === undefined ? letter : { ...letter, replyTo };
}

/**
 * The employer's answer in a request's conversation (issue 25), to the agent's provider. Reply-To is
 * the employer's address: answering the e-mail reaches them.
 */
export function contactFollowUpMessage({
  to,
  fullName,
  kind,
  agentName,
  from,
  reply,
  inboxLink,
}: Recipient & {
  kind: ContactKind;
  agentName: string;
  from: { name: string; company: string; email: string };
  reply: string;
  inboxLink: string;
}): MailMessage {
  const letter = composeLetter({
    to,
    kind: 'contact_followup',
    subject: `A new message about a ${REQUEST_WORD[kind]} on ${PRODUCT_NAME}`,
    name: fullName,
    blocks: [
      `${from.name} of ${from.company} answered about your agent "${agentName}":`,
      reply,
      'Answer here by e-mail, or from the inbox in your dashboard:',
      { label: 'Open your inbox', url: inboxLink },
    ],
  });
  return { ...letter, replyTo: from.email };
}

/**
 * An invitation to an employer team (issue 28): the link is single-use and expires after
 * TEAM_INVITATION_DAYS. The organization and the inviter's names are what the subscriber typed.
 */
export function teamInvitationMessage({
  to,
  organization,
  invitedBy,
  link,
}: {
  to: string;
  organization: string;
  invitedBy: string;
  link: string;
}): MailMessage {
  return composeLetter({
    to,
    kind: 'team_invitation',
    subject: `${invitedBy} invited you to ${organization} on ${PRODUCT_NAME}`,
    blocks: [
      `${invitedBy} invited you to join ${organization} on ${PRODUCT_NAME}: you would share the team's shortlists, saved searches and requests to providers, and use the employer plan's tools while you are a member, with no subscription of your own.`,
      { label: 'Accept the invitation', url: link },
      `The link works once and is valid for ${TEAM_INVITATION_DAYS} days. Sign in with the account of this address, or create one, to accept it.`,
      'If you do not know this person, you can ignore this e-mail.',
    ],
  });
}
