import { decodeEntities } from '@agentry/domain/html-entities';
import { Fragment, type Ref } from 'react';
import type { AdminAgent } from '../api/get-admin-agents';

/** The selected agent of the all-agents list, every field. */
export function AgentDetails({
  agent,
  headingRef,
}: {
  agent: AdminAgent;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const facts: Array<[string, string]> = [
    ['Provider', decodeEntities(agent.provider)],
    ['Category', decodeEntities(agent.category)],
    ['Role', decodeEntities(agent.role)],
    ['Description', decodeEntities(agent.description)],
    ['Cost', decodeEntities(agent.cost)],
    ['Address', agent.address],
    ['Email', agent.email ?? '(none)'],
    ['Status', agent.status ?? '(none)'],
    ['Removed', agent.removed ? 'Yes' : 'No'],
  ];
  return (
    <section className="dashboard-panel all-agents__details" aria-labelledby="selected-agent-title">
      <h2 id="selected-agent-title" ref={headingRef} tabIndex={-1}>
        {decodeEntities(agent.name)}
      </h2>
      <dl className="profile-facts">
        {facts.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
