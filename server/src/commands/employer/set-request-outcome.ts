import type { ContactRequest, RequestOutcome, User } from '@agentry/platform/store/port';
import { notFound } from '../../http/errors';
import { findInInbox, REQUEST_NOT_FOUND } from '../../policies/employer';
import type { EmployerScope } from '../../policies/employer-scope';
import type { Action } from '../command';

// Where a request stands for the employer who sent it (issue 28, item 5): talking, on trial, hired,
// not a fit (or cleared). Only its employer sets it and reads it; another employer's request is a
// 404 (in a team, any member sets it for the team). Each change goes to the audit log with the
// outcome before and after, by the member who set it.

export const setRequestOutcome: Action<
  'store',
  {
    employer: User;
    scope: Pick<EmployerScope, 'ownerId'>;
    requestId: string;
    outcome: RequestOutcome | null;
  },
  ContactRequest
> = async (services, props) => {
  const { store } = services;
  // The requests of the employer's scope (their own, or their team's: policies/employer-scope.ts).
  const inbox = { employerId: props.scope.ownerId };
  const before = await findInInbox(store, inbox, props.requestId);
  if (before.outcome === props.outcome) return before;
  const request = await store.contacts.setOutcome(before.id, inbox.employerId, props.outcome);
  if (!request) throw notFound(REQUEST_NOT_FOUND);
  await store.audit.record({
    actor: `employer ${props.employer.email}`,
    action: 'update',
    entity_type: 'contact_request',
    entity_id: request.id,
    entity_label: `${request.kind} request about ${request.agent_name}`,
    before: { outcome: before.outcome },
    after: { outcome: request.outcome },
  });
  return request;
};
