import { IdParams } from '@agentry/domain/contract/employer';
import type { Success } from '@agentry/domain/contract/shapes';
import {
  type InvitationAccepted,
  type InvitationAnswer,
  InvitationBody,
  type InvitationPreview,
  InvitationToken,
  MemberParams,
  OrganizationBody,
  type TeamAnswer,
} from '@agentry/domain/contract/team';
import type { User } from '@agentry/platform/store/port';
import { Router } from 'express';
import { acceptInvitation, previewInvitation } from '../../../commands/team/accept-invitation';
import {
  cancelInvitation,
  inviteColleague,
  nameOrganization,
  readTeam,
  removeMember,
} from '../../../commands/team/manage-team';
import type { AppContext } from '../../../context';
import { requireUser } from '../../../http/require-user';
import { parse, parseBody } from '../../../http/validate';
import {
  requireActiveEmployer,
  requireEmployerAccountFor,
  scopeOf,
  TEAM_ACCOUNT_MESSAGE,
} from '../../../policies/employer';
import { employerScopeOf } from '../../../policies/employer-scope';

// An employer's team (issue 28, docs/employer-tools.md#teams). Reading it, cancelling an invitation
// and removing a member need an employer account only, so a subscriber whose plan lapsed still sees
// and trims their team; naming it and inviting need the active plan. Who may act (the subscriber,
// or a member leaving) is the commands' check, on the scope read for this request. The invitation
// link's page reads the invitation by its secret; accepting it needs the invited address's account.

export function teamRoutes({ services, store }: AppContext): Router {
  const router = Router();
  const activeEmployer = requireActiveEmployer(store);
  const me = (req: Express.Request) => req.user as User;
  const requireEmployerAccount = requireEmployerAccountFor(TEAM_ACCOUNT_MESSAGE);
  const team = async (user: User): Promise<TeamAnswer> => ({
    success: true,
    ...(await readTeam(services, { user })),
  });

  router.get('/employer/team', requireUser, requireEmployerAccount, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await team(me(req)));
  });

  router.put('/employer/team', requireUser, activeEmployer, async (req, res) => {
    const { name } = parseBody(OrganizationBody, req);
    await nameOrganization(services, { scope: scopeOf(req), name });
    res.json(await team(me(req)));
  });

  router.post('/employer/team/invitations', requireUser, activeEmployer, async (req, res) => {
    const { email } = parseBody(InvitationBody, req);
    const { invitation, invitedBy } = await inviteColleague(services, {
      user: me(req),
      scope: scopeOf(req),
      email,
    });
    res.status(201).json({
      success: true,
      invitation: {
        id: invitation.id,
        email: invitation.email,
        invited_by: invitedBy,
        created_at: invitation.created_at,
        expires_at: invitation.expires_at,
      },
    } satisfies InvitationAnswer);
  });

  router.delete('/employer/team/invitations/:id', requireUser, requireEmployerAccount, async (req, res) => {
    const { id } = parse(IdParams, req.params);
    await cancelInvitation(services, { scope: await employerScopeOf(store, me(req)), id });
    res.json({ success: true } satisfies Success);
  });

  router.delete('/employer/team/members/:userId', requireUser, requireEmployerAccount, async (req, res) => {
    const { userId } = parse(MemberParams, req.params);
    await removeMember(services, {
      user: me(req),
      scope: await employerScopeOf(store, me(req)),
      memberId: userId,
    });
    res.json({ success: true } satisfies Success);
  });

  router.get('/team-invitations/:token', async (req, res) => {
    const { token } = parse(InvitationToken, req.params);
    const preview = await previewInvitation(services, { token });
    res.set('Cache-Control', 'no-store').json({ success: true, ...preview } satisfies InvitationPreview);
  });

  router.post('/team-invitations/accept', requireUser, requireEmployerAccount, async (req, res) => {
    const { token } = parseBody(InvitationToken, req);
    const organization = await acceptInvitation(services, { user: me(req), token });
    res.json({
      success: true,
      organization: { id: organization.id, name: organization.name },
    } satisfies InvitationAccepted);
  });

  return router;
}
