import { useCallback, useEffect, useState } from 'react';
import { cancelInvitation, getTeam, inviteColleague, nameTeam, removeMember, type Team } from '../api/team';

// The employer's team on the dashboard (issue 28): loaded once, then kept in step with each change
// from the server's answer.

export type TeamState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; team: Team };

export function useTeam() {
  const [state, setState] = useState<TeamState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getTeam(controller.signal).then(
      (team) => {
        if (!controller.signal.aborted) setState({ status: 'ready', team });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const update = useCallback((change: (team: Team) => Team) => {
    setState((old) => (old.status === 'ready' ? { status: 'ready', team: change(old.team) } : old));
  }, []);

  return {
    state,
    reload: useCallback(() => setAttempt((count) => count + 1), []),
    rename: useCallback(async (name: string) => {
      const team = await nameTeam(name);
      setState({ status: 'ready', team });
    }, []),
    invite: useCallback(
      async (email: string) => {
        const invitation = await inviteColleague(email);
        update((team) => ({ ...team, invitations: [...team.invitations, invitation] }));
        return invitation;
      },
      [update],
    ),
    cancel: useCallback(
      async (id: string) => {
        await cancelInvitation(id);
        update((team) => ({
          ...team,
          invitations: team.invitations.filter((invitation) => invitation.id !== id),
        }));
      },
      [update],
    ),
    remove: useCallback(
      async (userId: string) => {
        await removeMember(userId);
        update((team) => ({ ...team, members: team.members.filter((member) => member.id !== userId) }));
      },
      [update],
    ),
  };
}
