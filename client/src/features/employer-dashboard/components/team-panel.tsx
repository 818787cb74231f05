import { TEAM_SEATS, TEAM_SEATS_SENTENCE } from '@agentry/domain/team';
import { useRef, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { formatWhen } from '../../../components/inbox/inbox-api';
import { PageLoading } from '../../../components/ui/page-loading';
import { errorText } from '../../../lib/api/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import type { Team } from '../api/team';
import { useTeam } from '../hooks/use-team';
import { TeamInviteForm } from './team-invite-form';
import { TeamNameForm } from './team-name-form';
import { TeamPersonItem } from './team-person-item';

// "Team" on the employer dashboard (issue 28): the subscriber names the organization, invites
// colleagues by e-mail within the plan's seats, sees the invitations waiting and the members, and
// removes them; a member sees the team and may leave it. Everyone in it shares the shortlists,
// saved searches and requests.

export function TeamPanel({ userId }: { userId: string }) {
  const team = useTeam();
  const { refresh, state: auth } = useAuth();
  const { state } = team;
  const [message, setMessage] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const said = (text: string) => {
    setMessage(text);
    titleRef.current?.focus();
  };

  return (
    <section className="dashboard-panel team" aria-labelledby="team-title">
      <div className="dashboard-section__head">
        <h2 id="team-title" ref={titleRef} tabIndex={-1}>
          Team
          {state.status === 'ready' && state.team.organization ? (
            <span className="dashboard-section__count">
              {' '}
              ({seatsTaken(state.team)} of {TEAM_SEATS} seats)
            </span>
          ) : null}
        </h2>
      </div>
      <p>
        Work with colleagues on the same shortlists, saved searches and requests to providers; each shows who
        added or sent it. {TEAM_SEATS_SENTENCE}
      </p>
      {state.status === 'loading' ? (
        <PageLoading label="Loading your team..." />
      ) : state.status === 'error' ? (
        <div className="notice notice--error">
          <p>{errorText(state.error, 'We could not load your team.')}</p>
          <button className="button button--secondary button--small" type="button" onClick={team.reload}>
            Load the team again
          </button>
        </div>
      ) : (
        <>
          {message ? <FormAlert kind="success">{message}</FormAlert> : null}
          {state.team.role === 'member' ? (
            <p>
              You are a member of <strong>{state.team.organization?.name}</strong> and use its employer plan.
              {state.team.plan_active
                ? ''
                : ' The plan is not active: the subscriber who runs the team can renew it.'}
            </p>
          ) : state.team.plan_active ? (
            <TeamNameForm
              current={state.team.organization?.name ?? null}
              suggested={auth.user?.organization}
              onSave={async (name) => {
                await team.rename(name);
                await refresh();
                said(`Your organization is now called ${name}.`);
              }}
            />
          ) : state.team.organization ? (
            <p className="notice">
              Your plan is not active, so your members cannot use the team's tools and you cannot invite
              anyone. You can still remove members and cancel invitations.
            </p>
          ) : null}
          {state.team.role === 'owner' && state.team.plan_active ? (
            <TeamInviteForm
              full={seatsTaken(state.team) >= TEAM_SEATS}
              onInvite={async (email) => {
                const invitation = await team.invite(email);
                said(`Invitation sent to ${invitation.email}.`);
              }}
            />
          ) : null}
          {state.team.invitations.length > 0 ? (
            <>
              <h3 className="team__subhead">Invitations waiting</h3>
              <ul className="team__list" aria-label="Invitations waiting">
                {state.team.invitations.map((invitation) => (
                  <li key={invitation.id}>
                    <TeamPersonItem
                      name={invitation.email}
                      detail={`Invited by ${invitation.invited_by}, valid until ${formatWhen(invitation.expires_at)}`}
                      action={{
                        label: 'Cancel invitation',
                        confirmTitle: `Cancel the invitation to ${invitation.email}?`,
                        confirmText: 'The link in the e-mail stops working.',
                        run: async () => {
                          await team.cancel(invitation.id);
                          said(`The invitation to ${invitation.email} was cancelled.`);
                        },
                      }}
                    />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {state.team.members.length > 0 ? (
            <>
              <h3 className="team__subhead">Members</h3>
              <ul className="team__list" aria-label="Members">
                {state.team.members.map((member) => (
                  <li key={member.id}>
                    <TeamPersonItem
                      name={member.full_name}
                      detail={`${member.email} · ${member.role === 'owner' ? 'subscriber' : `joined ${formatWhen(member.joined_at)}`}`}
                      action={memberAction(state.team, member, userId, {
                        remove: team.remove,
                        said,
                        left: async () => {
                          await refresh();
                        },
                      })}
                    />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The members and the invitations waiting: both hold a seat, as does the subscriber. */
const seatsTaken = (team: Team) => Math.max(1, team.members.length) + team.invitations.length;

function memberAction(
  team: Team,
  member: Team['members'][number],
  userId: string,
  handlers: {
    remove: (id: string) => Promise<void>;
    said: (text: string) => void;
    left: () => Promise<void>;
  },
) {
  if (member.role === 'owner') return null;
  if (team.role === 'owner')
    return {
      label: 'Remove',
      confirmTitle: `Remove ${member.full_name} from the team?`,
      confirmText:
        'Their access to the team’s shortlists, saved searches and requests ends at once. What they added stays with the team.',
      run: async () => {
        await handlers.remove(member.id);
        handlers.said(`${member.full_name} was removed from the team.`);
      },
    };
  if (member.id === userId)
    return {
      label: 'Leave the team',
      confirmTitle: 'Leave the team?',
      confirmText:
        'You lose access to the team’s lists and requests, and to its plan. What you added stays with the team.',
      run: async () => {
        await handlers.remove(member.id);
        await handlers.left();
      },
    };
  return null;
}
