import type { PublicAgent } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/html-entities';
import { AgentActions } from '../../../components/employer-tools/agent-actions';
import { CompareBar } from '../../../components/employer-tools/compare-bar';

/** The employer tools for this agent, under its profile: Compare, Save to list, Contact / Request demo. */
export function AgentEmployerActions({ agent }: { agent: PublicAgent }) {
  return (
    <section className="agent-tools" aria-labelledby="agent-tools-title">
      <h2 id="agent-tools-title" className="agent-tools__title">
        Considering this agent?
      </h2>
      <AgentActions agent={{ id: agent.id, name: decodeEntities(agent.name) }} />
    </section>
  );
}

/** The agents picked for comparison, at the foot of the page. */
export const AgentCompareBar = CompareBar;
