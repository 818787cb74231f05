import { AgentFactsForm } from '../../../components/agent-facts/agent-facts-form';
import { PageLoading } from '../../../components/ui/page-loading';
import { useAsync } from '../../../hooks/use-async';
import { getAdminAgentProfile, saveAdminAgentProfile } from '../api/agent-profile';
import { useAdminSession } from '../hooks/use-admin-session';

// Staff's view of an agent's structured profile (issue 28), under its row in Manage Agents: the
// provider's form, plus which claimed certifications staff verified.

export function AdminAgentFacts({ agentId, onClose }: { agentId: string; onClose: () => void }) {
  const { run } = useAdminSession();
  const state = useAsync(agentId, (signal) => getAdminAgentProfile(agentId, signal));
  if (state.status === 'loading' || state.status === 'idle')
    return <PageLoading label="Loading profile..." />;
  if (state.status === 'error') return <p role="alert">We could not load this agent's profile.</p>;
  return (
    <AgentFactsForm
      idPrefix={`admin-facts-${agentId}`}
      initial={state.data}
      staff
      onSubmit={async (input) => {
        await run((token) => saveAdminAgentProfile(token, agentId, input));
        onClose();
      }}
      onCancel={onClose}
    />
  );
}
