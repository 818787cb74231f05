import { normalizeAddress } from '@agentry/domain/address';
import { NOT_STATED } from '@agentry/domain/agent-profile';
import { COMPARE_ROWS, type ComparedAgent, type CompareRow, rowDiffers } from '@agentry/domain/compare-rows';
import { decodeEntities } from '@agentry/domain/html-entities';
import { Link } from 'react-router-dom';
import { ContactAction } from '../../../components/employer-tools/agent-actions';

// One table, an agent per column. A row whose values differ is highlighted and says so in words
// ("differs"), so the difference does not rest on colour alone. The structured profile's facts
// follow the spec's fields; a fact not stated reads "Not stated", set apart as a gap.

function siteLabel(address: string): string {
  try {
    return new URL(normalizeAddress(address)).host;
  } catch {
    return address;
  }
}

function Cell({ row, agent }: { row: CompareRow; agent: ComparedAgent }) {
  if (row.key === 'link') {
    return (
      <a href={normalizeAddress(agent.address)} target="_blank" rel="noopener">
        {siteLabel(agent.address)}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return <>{row.text(agent)}</>;
}

export function ComparisonTable({
  agents,
  onRemove,
}: {
  agents: readonly ComparedAgent[];
  onRemove: (agent: ComparedAgent) => void;
}) {
  const names = agents.map((agent) => decodeEntities(agent.name));
  return (
    <div className="comparison-wrap">
      <table className="comparison">
        <caption className="visually-hidden">
          {names.join(', ')} side by side. Rows whose values differ say "differs".
        </caption>
        <thead>
          <tr>
            <td />
            {agents.map((agent, index) => (
              <th key={agent.id} scope="col">
                <Link className="comparison__name" to={`/agents/${encodeURIComponent(agent.id)}`}>
                  {names[index]}
                </Link>
                <button
                  className="link-button comparison__remove"
                  type="button"
                  onClick={() => onRemove(agent)}
                >
                  Remove<span className="visually-hidden"> {names[index]} from the comparison</span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COMPARE_ROWS.map((row) => {
            const differs = rowDiffers(row, agents);
            return (
              // Row keys are unique (domain's compare-rows.test.ts): the profile's price was "pricing" too.
              <tr key={row.key} className={differs ? 'comparison__row--differs' : undefined}>
                <th scope="row">
                  {row.label}
                  {differs ? <span className="comparison__differs"> differs</span> : null}
                </th>
                {agents.map((agent) => (
                  <td
                    key={agent.id}
                    className={row.text(agent) === NOT_STATED ? 'comparison__gap' : undefined}
                  >
                    <Cell row={row} agent={agent} />
                  </td>
                ))}
              </tr>
            );
          })}
          <tr className="comparison__actions">
            <th scope="row">Contact</th>
            {agents.map((agent, index) => (
              <td key={agent.id}>
                <ContactAction agent={{ id: agent.id, name: names[index]! }} />
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
