import { decodeEntities } from '@agentry/domain/entities';
import type { DirectoryCount } from '../api/get-directory-counts';

// Before both dropdowns are set: the categories (or the chosen category's roles) as shortcuts,
// each with how many agents it lists (GET /api/directory/counts).

interface DirectoryOverviewProps {
  category: string;
  categories: readonly string[];
  roles: readonly string[];
  counts: readonly DirectoryCount[] | null;
  onCategoryChoose: (category: string) => void;
  onRoleChoose: (role: string) => void;
}

export function agentsLabel(count: number | undefined): string | null {
  if (count === undefined) return null;
  return count === 1 ? '1 agent' : `${count.toLocaleString('en-US')} agents`;
}

export function DirectoryOverview({
  category,
  categories,
  roles,
  counts,
  onCategoryChoose,
  onRoleChoose,
}: DirectoryOverviewProps) {
  const countOf = new Map((counts ?? []).map((entry) => [entry.name, entry.count]));
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
              <span className="shortcut__count">{agentsLabel(countOf.get(name))}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
