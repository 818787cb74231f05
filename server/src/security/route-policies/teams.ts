import type { RoutePolicy } from './policy';

// Employer teams (issue 28).
// One part of ROUTE_POLICIES (../route-policies.ts), in the order of the app.

export const TEAMS: Record<string, RoutePolicy> = {
  // Employer teams (issue 28): the subscriber names the team and invites with the active plan;
  // reading the team, cancelling an invitation and removing a member need an employer account (a
  // lapsed subscriber still trims the team). The link's page is read by whoever holds the link.
  'GET /api/employer/team': { access: 'employer-account' },
  'PUT /api/employer/team': {
    access: 'active-employer',
    probe: () => ({ body: { name: 'Acme Hiring' } }),
  },
  'POST /api/employer/team/invitations': {
    access: 'active-employer',
    probe: (w) => ({ body: { email: `${w.unique('colleague')}@acme.example` } }),
    // The plan's seats fill up as the walk invites: a full team is a business answer.
    alsoOk: [409],
  },
  'DELETE /api/employer/team/invitations/{id}': {
    access: 'employer-account',
    probe: async (w, caller) => ({
      path: `/api/employer/team/invitations/${(await w.newInvitation(caller)).id}`,
    }),
  },
  'DELETE /api/employer/team/members/{userId}': {
    access: 'employer-account',
    probe: async (w, caller) => ({ path: `/api/employer/team/members/${await w.newTeamMember(caller)}` }),
  },
  'GET /api/team-invitations/{token}': {
    access: 'capability',
    probe: async (w) => ({ path: `/api/team-invitations/${(await w.newInvitation('employer')).token}` }),
  },
  'POST /api/team-invitations/accept': {
    access: 'employer-account',
    // A link sent to another address: accepting it would move the walk's employer into another
    // team. The employers are refused as the wrong account (403) after every other check passed.
    probe: async (w) => ({ body: { token: (await w.newInvitation('employer')).token } }),
    alsoOk: [403],
  },
};
