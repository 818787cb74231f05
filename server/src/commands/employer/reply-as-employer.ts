import { CONTACT_MESSAGE_MAX } from '@agentry/domain/employer-tools';
import type { ContactRequest, User } from '@agentry/platform/store/port';
import { badRequest, conflict, notFound } from '../../http/errors';
import { contactFollowUpMessage } from '../../mail/messages';
import { findInInbox, REQUEST_NOT_FOUND } from '../../policies/employer';
import type { EmployerScope } from '../../policies/employer-scope';
import type { Action } from '../command';
import { deliver, publicLink, type Services } from '../services';
import { REPLIES_MAX, TOO_MANY_REPLIES } from './answer-contact-request';
import { cleanMessage } from './plain-text';

// The employer answers in a request's conversation (issue 25): the provider replied, and the
// employer writes back in the app rather than only by e-mail. Only the request's employer scope
// (the employer, or their team) may; another's request is a 404. The reply joins the same bounded
// list as the provider's (REPLIES_MAX in all), puts the request back in the provider's new
// requests, and is e-mailed to the provider with the employer's address as Reply-To. A request in
// the admin inbox (an agent nobody owns) waits there for staff: no staff address is configured.
// A report about a listing is not a conversation: staff answer it by e-mail.

export const OWNERSHIP_NOT_A_CONVERSATION =
  'A report about a listing is answered by Rolecall staff by e-mail; it has no conversation.';

export const replyAsEmployer: Action<
  Services,
  { employer: User; scope: Pick<EmployerScope, 'ownerId'>; requestId: string; message: string },
  ContactRequest
> = async (services, props) => {
  const { store } = services;
  const body = cleanMessage(props.message);
  if (!body) throw badRequest('Please write a reply');
  if (body.length > CONTACT_MESSAGE_MAX)
    throw badRequest(`A reply has at most ${CONTACT_MESSAGE_MAX} characters`);
  const before = await findInInbox(store, { employerId: props.scope.ownerId }, props.requestId);
  if (before.kind === 'ownership') throw conflict(OWNERSHIP_NOT_A_CONVERSATION);
  if (before.replies.length >= REPLIES_MAX) throw conflict(TOO_MANY_REPLIES);
  const at = new Date(services.now()).toISOString();
  const request = await store.contacts.addReply(before.id, { at, by: 'employer', body });
  if (!request) throw notFound(REQUEST_NOT_FOUND);
  const provider = request.provider_id ? await store.users.findById(request.provider_id) : null;
  if (provider) {
    await deliver(
      services,
      contactFollowUpMessage({
        to: provider.email,
        fullName: provider.full_name,
        kind: request.kind,
        agentName: request.agent_name,
        // Who writes now (in a team, any member), as the request names its sender.
        from: { name: props.employer.full_name, company: request.company, email: props.employer.email },
        reply: body,
        inboxLink: publicLink(services, '/dashboard'),
      }),
    );
  }
  services.logger.info(
    { requestId: request.id, inbox: provider ? 'provider' : 'admin' },
    'employer answered a request',
  );
  return request;
};
