import { decodeEntities } from '@agentry/domain/html-entities';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../lib/format-count';
import type { DirectoryCount } from '../api/get-directory-counts';
import { directoryHref } from '../hooks/use-directory-selection';

// With nothing chosen: the categories as tiles, each with how many agents it lists
// (GET /api/directory/counts). Each tile is a link to the category's own address.

interface DirectoryOverviewProps {
  categories: readonly string[];
  counts: readonly DirectoryCount[] | null;
}

export function agentsLabel(count: number | undefined): string | null {
  if (count === undefined) return null;
  return count === 1 ? '1 agent' : `${formatCount(count)} agents`;
}

export function DirectoryOverview({ categories, counts }: DirectoryOverviewProps) {
  const countOf = new Map((counts ?? []).map((entry) => [entry.name, entry.count]));
  if (categories.length === 0) return null;
  return (
    <section className="directory-overview" aria-labelledby="directory-overview-heading">
      <h2 id="directory-overview-heading">Browse by category</h2>
      <ul className="shortcut-grid">
        {categories.map((name) => (
          <li key={name}>
            <Link className="shortcut" to={directoryHref(name)}>
              <span className="shortcut__name">{decodeEntities(name)}</span>
              <span className="shortcut__count">{agentsLabel(countOf.get(name))}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
