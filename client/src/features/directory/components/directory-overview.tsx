import type { PublicAgent } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/entities';

// Before both dropdowns are set: the categories (or the chosen category's roles) as shortcuts,
// each with how many agents it lists.

interface DirectoryOverviewProps {
  category: string;
  categories: readonly string[];
  roles: readonly string[];
  agents: readonly PublicAgent[] | null;
  onCategoryChoose: (category: string) => void;
  onRoleChoose: (role: string) => void;
}

function countBy(agents: readonly PublicAgent[], key: 'category' | 'role'): Map<string, number> {
  const counts = new Map<string, number>();
  for (const agent of agents) counts.set(agent[key], (counts.get(agent[key]) ?? 0) + 1);
  return counts;
}

function agentsLabel(count: number | undefined): string | null {
  if (count === undefined) return null;
  return count === 1 ? '1 agent' : `${count} agents`;
}

export function DirectoryOverview({
  category,
  categories,
  roles,
  agents,
  onCategoryChoose,
  onRoleChoose,
}: DirectoryOverviewProps) {
  const inCategory = category && agents ? agents.filter((agent) => agent.category === category) : agents;
  const counts = inCategory ? countBy(inCategory, category ? 'role' : 'category') : new Map<string, number>();
  const names = category ? roles : categories;
  if (names.length === 0) return null;
  const choose = category ? onRoleChoose : onCategoryChoose;
  const heading = category ? `Roles in ${decodeEntities(category)}` : 'Browse by category';
  return (
    <section className="directory-overview" aria-labelledby="directory-overview-heading">
      <h2 id="directory-overview-heading">{heading}</h2>
      <ul className="shortcut-grid">
        {names.map((name) => (
          <li key={name}>
            <button type="button" className="shortcut" onClick={() => choose(name)}>
              <span className="shortcut__name">{decodeEntities(name)}</span>
              <span className="shortcut__count">{agentsLabel(counts.get(name))}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
