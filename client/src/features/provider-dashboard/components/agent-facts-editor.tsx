import { AgentFactsForm } from '../../../components/agent-facts/agent-facts-form';
import { PageLoading } from '../../../components/ui/page-loading';
import { useAsync } from '../../../hooks/use-async';
import { getAgentProfile, saveAgentProfile } from '../api/agent-profile';

// The provider's structured profile of one agent (issue 28), opened from its card: loads what is
// stated, saves (and so confirms) it.

export function AgentFactsEditor({
  agentId,
  onSaved,
  onCancel,
}: {
  agentId: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const state = useAsync(agentId, (signal) => getAgentProfile(agentId, signal));
  if (state.status === 'loading' || state.status === 'idle')
    return <PageLoading label="Loading profile..." />;
  if (state.status === 'error')
    return <p role="alert">We could not load this agent's profile. Please try again.</p>;
  return (
    <AgentFactsForm
      idPrefix={`facts-${agentId}`}
      initial={state.data}
      onSubmit={async (input) => {
        await saveAgentProfile(agentId, input);
        onSaved();
      }}
      onCancel={onCancel}
    />
  );
}
