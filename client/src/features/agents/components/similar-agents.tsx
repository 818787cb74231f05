import { useNavigate } from 'react-router-dom';
import { AgentCard } from '../../../components/agent-card/agent-card';
import { AgentGrid } from '../../../components/agent-card/agent-grid';
import { useAsync } from '../../../hooks/use-async';
import { getSimilarAgents } from '../api/get-similar-agents';
import { directoryLink } from '../utils/directory-link';

/** "Similar agents" under an agent; stays out of the way when there are none or the call fails. */
export function SimilarAgents({ id }: { id: string }) {
  const navigate = useNavigate();
  const state = useAsync(id, (signal) => getSimilarAgents(id, signal));
  if (state.status !== 'success' || state.data.length === 0) return null;
  return (
    <section className="similar-agents" aria-labelledby="similar-agents-heading">
      <h2 id="similar-agents-heading">Similar agents</h2>
      <AgentGrid>
        {state.data.map((agent) => (
          <li key={agent.id}>
            <AgentCard
              agent={agent}
              onRoleSelect={(role, category) => navigate(directoryLink(category, role))}
            />
          </li>
        ))}
      </AgentGrid>
    </section>
  );
}
