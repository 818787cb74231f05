import { useCallback, useEffect, useState } from 'react';
import { getOwnAgents, type OwnAgent } from '../api/get-own-agents';

// The dashboard's list of the provider's agents: loaded once, then kept in step locally with each
// save (the server answers the saved agent) and delete, so the page does not reload the list.

export type OwnAgentsState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; agents: OwnAgent[]; unverifiedAgents: number };

export function useOwnAgents() {
  const [state, setState] = useState<OwnAgentsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getOwnAgents(controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) {
          setState({ status: 'ready', agents: answer.agents, unverifiedAgents: answer.unverified_agents });
        }
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const replace = useCallback((agent: OwnAgent) => {
    setState((old) =>
      old.status === 'ready'
        ? { ...old, agents: old.agents.map((candidate) => (candidate.id === agent.id ? agent : candidate)) }
        : old,
    );
  }, []);

  const remove = useCallback((id: string) => {
    setState((old) =>
      old.status === 'ready'
        ? { ...old, agents: old.agents.filter((candidate) => candidate.id !== id) }
        : old,
    );
  }, []);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  return { state, replace, remove, reload };
}
