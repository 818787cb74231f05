import { CONTACT_MESSAGE_MAX } from '@agentry/domain/employer-tools';
import { PRODUCT_TEAM } from '@agentry/domain/product';
import type { Admin, ContactInbox, ContactRequest, ContactStatus } from '@agentry/platform/store/port';
import { badRequest, conflict, notFound } from '../../http/errors';
import { contactReplyMessage } from '../../mail/messages';
import { findInInbox, REQUEST_NOT_FOUND } from '../../policies/employer';
import type { Action } from '../command';
import { deliver, publicLink, type Services } from '../services';
import { cleanMessage } from './plain-text';

// The provider (or staff, for the admin inbox) answers a request: a reply e-mailed to the
// employer, or a status to keep the inbox in order. Staff's actions go to the audit log.

/**
 * Who answers: the agent's provider (their organization signs the reply; their account's address is
 * the e-mail's Reply-To, issue 25), or staff (no Reply-To: no staff address is configured).
 */
export type Responder =
  | { by: 'provider'; organization: string; email: string }
  | { by: 'admin'; admin: Admin };

const STAFF_SIGNATURE = PRODUCT_TEAM;
/** Replies one request holds at most: each is an e-mail, and the request's answers stay small. */
export const REPLIES_MAX = 20;
export const TOO_MANY_REPLIES = `This conversation has reached ${REPLIES_MAX} replies. Please continue by e-mail.`;
const label = (request: ContactRequest) => `${request.kind} request about ${request.agent_name}`;

export const replyToContactRequest: Action<
  Services,
  { inbox: ContactInbox; requestId: string; message: string; responder: Responder },
  ContactRequest
> = async (services, props) => {
  const { store } = services;
  const { inbox, requestId, responder } = props;
  const body = cleanMessage(props.message);
  if (!body) throw badRequest('Please write a reply');
  if (body.length > CONTACT_MESSAGE_MAX)
    throw badRequest(`A reply has at most ${CONTACT_MESSAGE_MAX} characters`);
  const before = await findInInbox(store, inbox, requestId);
  if (before.replies.length >= REPLIES_MAX) throw conflict(TOO_MANY_REPLIES);
  const at = new Date(services.now()).toISOString();
  const request = await store.contacts.addReply(before.id, { at, by: responder.by, body });
  if (!request) throw notFound(REQUEST_NOT_FOUND);
  if (responder.by === 'admin') {
    await store.audit.record({
      actor: responder.admin.username,
      action: 'reply',
      entity_type: 'contact_request',
      entity_id: request.id,
      entity_label: label(request),
      before: { status: before.status },
      after: { status: request.status, reply: body },
    });
  }
  await deliver(
    services,
    contactReplyMessage({
      to: request.contact_email,
      fullName: request.contact_name,
      kind: request.kind,
      agentName: request.agent_name,
      repliedBy: responder.by === 'admin' ? STAFF_SIGNATURE : responder.organization,
      reply: body,
      requestsLink: publicLink(services, '/employer-dashboard'),
      ...(responder.by === 'provider' ? { replyTo: responder.email } : {}),
    }),
  );
  return request;
};

export const setContactRequestStatus: Action<
  Services,
  { inbox: ContactInbox; requestId: string; status: ContactStatus; admin?: Admin },
  ContactRequest
> = async (services, props) => {
  const { store } = services;
  const before = await findInInbox(store, props.inbox, props.requestId);
  if (before.status === props.status) return before;
  const request = await store.contacts.setStatus(before.id, props.status);
  if (!request) throw notFound(REQUEST_NOT_FOUND);
  if (props.admin) {
    await store.audit.record({
      actor: props.admin.username,
      action: 'update',
      entity_type: 'contact_request',
      entity_id: request.id,
      entity_label: label(request),
      before: { status: before.status },
      after: { status: request.status },
    });
  }
  return request;
};
