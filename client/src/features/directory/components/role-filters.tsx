import { decodeEntities } from '@agentry/domain/html-entities';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../lib/format-count';
import type { DirectoryCount } from '../api/get-directory-counts';
import { directoryHref } from '../hooks/use-directory-selection';

// Beside a category's agents: "All roles" and each role with its count, as links, so each filter
// has its own address and Back undoes it. Beside the agents on a wide screen, above them on a phone.

interface RoleFiltersProps {
  category: string;
  role: string;
  roles: readonly string[];
  counts: readonly DirectoryCount[] | null;
}

export function RoleFilters({ category, role, roles, counts }: RoleFiltersProps) {
  const countOf = new Map((counts ?? []).map((entry) => [entry.name, entry.count]));
  const total = counts?.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <nav className="role-filters" aria-label={`Roles in ${decodeEntities(category)}`}>
      <h2 className="role-filters__heading">Roles</h2>
      <ul>
        <li>
          <Link
            className="role-filter"
            to={directoryHref(category)}
            aria-current={role === '' ? 'page' : undefined}
          >
            <span>All roles</span>
            <span className="role-filter__count">{total === undefined ? '' : formatCount(total)}</span>
          </Link>
        </li>
        {roles.map((name) => (
          <li key={name}>
            <Link
              className="role-filter"
              to={directoryHref(category, name)}
              aria-current={role === name ? 'page' : undefined}
            >
              <span>{decodeEntities(name)}</span>
              <span className="role-filter__count">{countOf.get(name)?.toLocaleString('en-US') ?? ''}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
