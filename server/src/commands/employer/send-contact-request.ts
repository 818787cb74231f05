import { CONTACT_MESSAGE_MAX, PREFERRED_TIMES_MAX } from '@agentry/domain/employer-tools';
import { decodeEntities } from '@agentry/domain/html-entities';
import {
  type ContactKind,
  type ContactRequest,
  type ContactRequestCreate,
  ContactThrottledError,
  type User,
} from '@agentry/platform/store/port';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { contactRequestMessage } from '../../mail/messages';
import type { EmployerScope } from '../../policies/employer-scope';
import type { Action } from '../command';
import { deliver, publicLink, type Services } from '../services';
import { cleanLine, cleanMessage } from './plain-text';

// An employer asks a provider about an agent, or for a demo. The request goes to the agent's
// owner (their inbox, and an e-mail), or to the admin inbox when nobody owns the agent. Who is
// asking comes from the employer's profile (the account's own e-mail, name and organization, or
// their team's organization), never from the body. Throttled by what the store holds, so the limits hold across API workers
// (two requests in the same instant may both pass: a check, then an insert).

export const REQUESTS_PER_HOUR = 10;
export const SAME_AGENT_GAP_MINUTES = 10;

export const CONTACT_MESSAGES = {
  agentNotFound: 'Agent not found',
  messageRequired: 'Please write a message',
  messageTooLong: `A message has at most ${CONTACT_MESSAGE_MAX} characters`,
  timesTooLong: `Preferred times have at most ${PREFERRED_TIMES_MAX} characters`,
  confirmEmail:
    'Please confirm your e-mail address first (the link we sent you): the provider answers you there.',
  tooMany: `You have sent ${REQUESTS_PER_HOUR} requests in the last hour. Please wait a while before sending more.`,
  sameAgent: `You have just sent a request about this agent. Please wait ${SAME_AGENT_GAP_MINUTES} minutes before sending another, or wait for the reply.`,
} as const;

export interface ContactRequestInput {
  agent_id: string;
  kind: ContactKind;
  message: string;
  preferred_times?: string | null;
}

function checkedText(input: ContactRequestInput) {
  const message = cleanMessage(input.message);
  if (!message) throw badRequest(CONTACT_MESSAGES.messageRequired);
  if (message.length > CONTACT_MESSAGE_MAX) throw badRequest(CONTACT_MESSAGES.messageTooLong);
  // Preferred times go with a demo only; a contact request ignores them.
  const times = input.kind === 'demo' ? cleanLine(input.preferred_times ?? '') : '';
  if (times.length > PREFERRED_TIMES_MAX) throw badRequest(CONTACT_MESSAGES.timesTooLong);
  return { message, preferred_times: times || null };
}

/** At most REQUESTS_PER_HOUR an hour per employer, and one per agent every SAME_AGENT_GAP_MINUTES. */
function sendLimits(services: Services) {
  const now = services.now();
  return {
    since: new Date(now - 60 * 60_000),
    max: REQUESTS_PER_HOUR,
    sameAgentSince: new Date(now - SAME_AGENT_GAP_MINUTES * 60_000),
  };
}

/** The store checks the limits and inserts in one step (one write transaction with SQLite). */
async function createWithinLimits(services: Services, input: ContactRequestCreate): Promise<ContactRequest> {
  try {
    return await services.store.contacts.create(input, sendLimits(services));
  } catch (error) {
    if (!(error instanceof ContactThrottledError)) throw error;
    if (error.reason === 'too_many') throw new HttpError(429, CONTACT_MESSAGES.tooMany);
    throw conflict(CONTACT_MESSAGES.sameAgent);
  }
}

export const sendContactRequest: Action<
  Services,
  {
    employer: User;
    scope: Pick<EmployerScope, 'ownerId' | 'organization'>;
    input: ContactRequestInput;
  },
  ContactRequest
> = async (services, props) => {
  const { store } = services;
  const { employer, scope, input } = props;
  // Replies are e-mailed to the profile's address: it must be one the employer has shown they read.
  if (!employer.email_verified_at)
    throw new HttpError(403, CONTACT_MESSAGES.confirmEmail, { success: false });
  const text = checkedText(input);
  const agent = await store.agents.get(input.agent_id);
  if (!agent || agent.removed) throw notFound(CONTACT_MESSAGES.agentNotFound);
  const provider = agent.owner_id ? await store.users.findById(agent.owner_id) : null;
  const request = await createWithinLimits(services, {
    agent_id: agent.id,
    // Names are stored HTML-entity encoded (spec section 3); the inbox and the e-mails show text.
    agent_name: decodeEntities(agent.name),
    // In a team, the request joins the team's history (kept under the subscriber) and the
    // provider sees the organization's name; the sender stays on it (contact_name, contact_email).
    employer_id: scope.ownerId,
    provider_id: provider?.id ?? null,
    kind: input.kind,
    ...text,
    company: scope.organization?.name ?? employer.organization,
    contact_name: employer.full_name,
    contact_email: employer.email,
    contact_phone: employer.phone || null,
  });
  // No admin address is configured: requests in the admin inbox wait there for staff.
  if (provider) {
    await deliver(
      services,
      contactRequestMessage({
        to: provider.email,
        fullName: provider.full_name,
        kind: request.kind,
        agentName: request.agent_name,
        message: request.message,
        preferredTimes: request.preferred_times,
        from: {
          name: request.contact_name,
          company: request.company,
          email: request.contact_email,
          phone: request.contact_phone,
        },
        inboxLink: publicLink(services, '/dashboard'),
      }),
    );
  }
  services.logger.info(
    { requestId: request.id, agentId: agent.id, kind: request.kind, inbox: provider ? 'provider' : 'admin' },
    'contact request sent',
  );
  return request;
};
