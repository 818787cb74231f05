import { Link } from 'react-router-dom';

// The staff area's sections, each at its own address (/admin?section=…), so a section can be
// bookmarked, shared and left with Back (issue 25: one page about 13,700 px tall with no
// navigation). "All sections" keeps the one long page for those who want it.

export const ADMIN_SECTIONS = [
  { id: 'overview', label: 'Overview' },
  { id: 'agents', label: 'Agents' },
  { id: 'review', label: 'Review queue' },
  { id: 'providers', label: 'Providers' },
  { id: 'subscribers', label: 'Subscribers' },
  { id: 'inbox', label: 'Inbox' },
  { id: 'usage', label: 'MCP usage' },
  { id: 'trust', label: 'Trust' },
  { id: 'index', label: 'Search index' },
  { id: 'audit', label: 'Audit log' },
  { id: 'all', label: 'All sections' },
] as const;

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];

/** The section an address names; an unknown or missing one is the overview. */
export function adminSectionOf(value: string | null): AdminSectionId {
  return ADMIN_SECTIONS.find((section) => section.id === value)?.id ?? 'overview';
}

export function AdminSectionNav({ current, pathname }: { current: AdminSectionId; pathname: string }) {
  return (
    <nav className="admin-sections" aria-label="Staff area sections">
      <ul>
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.id}>
            <Link
              className="admin-sections__link"
              to={section.id === 'overview' ? pathname : `${pathname}?section=${section.id}`}
              aria-current={current === section.id ? 'page' : undefined}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
