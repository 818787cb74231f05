import { searchableText } from '@agentry/domain/search-text';
import { buildHomeMeta } from '@agentry/domain/seo';
import { useMemo, useRef, useState } from 'react';
import {
  type Location,
  useLocation,
  useNavigate,
  useNavigationType,
  useSearchParams,
} from 'react-router-dom';
import { siteOrigin } from '../../config/site';
import { agentCountInPage, getAgentCount } from '../../features/search/api/get-agent-count';
import { HomeSearch } from '../../features/search/components/home-search';
import { HomeShowcase } from '../../features/search/components/home-showcase';
import type { RoleSelection } from '../../features/search/components/role-view';
import { useAsync } from '../../hooks/use-async';
import { useDocumentHead } from '../../hooks/use-document-head';
import { useEdgeScrollKeys } from '../../hooks/use-edge-scroll-keys';
import { formatCount } from '../../lib/format-count';

/** The role view named in the address (?role=…&category=…), or none: a role counts only with its category. */
export function roleViewOf(params: URLSearchParams): RoleSelection | null {
  const role = params.get('role');
  const category = params.get('category');
  return role && category ? { role, category } : null;
}

/** /?query=…&role=…&category=…, leaving out what is empty. */
export function homeSearchOf(query: string, roleView: RoleSelection | null): string {
  const params = new URLSearchParams();
  if (query) params.set('query', query);
  if (roleView) {
    params.set('role', roleView.role);
    params.set('category', roleView.category);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * Every visit to / starts fresh (spec: "state resets on every visit"), including a click on the
 * logo while already here. What stays in the same visit: our own ?query= updates (REPLACE
 * navigations), opening a role view from a chip (a PUSH that names a role), and Back or Forward
 * between a role view and the results it was opened from (a POP with the same query).
 */
function useVisitKey(): string {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [visit, setVisit] = useState(location.key);
  const previous = useRef<Location>(location);
  if (location.key === visit || previous.current.key === location.key) return visit;
  const queryOf = (at: Location) => new URLSearchParams(at.search).get('query') ?? '';
  const sameVisit =
    navigationType === 'REPLACE' ||
    (navigationType === 'PUSH' && roleViewOf(new URLSearchParams(location.search)) !== null) ||
    (navigationType === 'POP' && queryOf(location) === queryOf(previous.current));
  previous.current = location;
  if (sameVisit) return visit;
  setVisit(location.key);
  return location.key;
}

export function subtitleFor(count: number | null): string {
  return count === null
    ? 'Search AI agents by the job they do, in plain words.'
    : `Search ${formatCount(count)} AI agents by the job they do, in plain words.`;
}

export function HomeRoute() {
  const visitKey = useVisitKey();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const count = useAsync('count', getAgentCount, agentCountInPage);
  const meta = useMemo(() => buildHomeMeta(siteOrigin()), []);
  useDocumentHead(meta);
  useEdgeScrollKeys();
  // /?query=r: one character is no search (domain/search-text.ts), as the server renders it.
  const query = searchableText((searchParams.get('query') ?? '').trim());
  const roleView = roleViewOf(searchParams);
  // Set when this visit opened the role view itself, so its back button can be the browser's Back.
  const openedHere = (location.state as { roleFromResults?: boolean } | null)?.roleFromResults === true;

  return (
    <div className={query || roleView ? 'home home--results' : 'home'}>
      <HomeSearch
        key={visitKey}
        initialQuery={query}
        roleView={roleView}
        subtitle={subtitleFor(count.status === 'success' ? count.data : null)}
        onQueryChange={(next) => setSearchParams(next ? { query: next } : {}, { replace: true })}
        onRoleSelect={(selection, currentQuery) =>
          navigate({ search: homeSearchOf(currentQuery, selection) }, { state: { roleFromResults: true } })
        }
        onRoleBack={(currentQuery) => {
          if (openedHere) navigate(-1);
          else navigate({ search: homeSearchOf(currentQuery, null) }, { replace: true });
        }}
      />
      {query || roleView ? null : <HomeShowcase />}
    </div>
  );
}
