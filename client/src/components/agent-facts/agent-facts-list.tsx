import { type AgentProfile, isProfileEmpty, NOT_STATED } from '@agentry/domain/agent-profile';
import { PROFILE_FACTS } from '@agentry/domain/profile-facts';

// The structured profile (issue 28) as the agent page shows it: the facts the provider stated,
// certifications marked as claimed unless staff verified them, and when the provider last
// confirmed them. Nothing at all when nothing is stated; gaps read "Not stated".

export function AgentFactsList({ profile }: { profile: AgentProfile }) {
  if (isProfileEmpty(profile)) return null;
  return (
    <section className="agent-facts-profile" aria-labelledby="agent-facts-heading">
      <h2 id="agent-facts-heading">Facts from the provider</h2>
      <dl className="agent-facts">
        {PROFILE_FACTS.map((fact) => {
          const text = fact.text(profile);
          return (
            <div key={fact.key}>
              <dt>{fact.label}</dt>
              <dd className={text === NOT_STATED ? 'agent-facts__gap' : undefined}>{text}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
