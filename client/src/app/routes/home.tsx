import { buildHomeMeta } from '@agentry/domain/seo';
import { useMemo, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { siteOrigin } from '../../config/site';
import { getAgentCount } from '../../features/search/api/get-agent-count';
import { HomeSearch } from '../../features/search/components/home-search';
import { useAsync } from '../../hooks/use-async';
import { useDocumentHead } from '../../hooks/use-document-head';
import { useEdgeScrollKeys } from '../../hooks/use-edge-scroll-keys';

/**
 * Every visit to / starts fresh (spec: "state resets on every visit"), including a click on the
 * logo while already here. Only our own ?query= updates (REPLACE navigations) keep the state.
 */
function useVisitKey(): string {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [visit, setVisit] = useState(location.key);
  if (navigationType !== 'REPLACE' && location.key !== visit) {
    setVisit(location.key);
    return location.key;
  }
  return visit;
}

export function subtitleFor(count: number | null): string {
  return count === null
    ? 'Search AI agents by the job they do, in plain words.'
    : `Search ${count.toLocaleString('en-US')} AI agents by the job they do, in plain words.`;
}

export function HomeRoute() {
  const visitKey = useVisitKey();
  const [searchParams, setSearchParams] = useSearchParams();
  const count = useAsync('count', getAgentCount);
  const meta = useMemo(() => buildHomeMeta(siteOrigin()), []);
  useDocumentHead(meta);
  useEdgeScrollKeys();

  return (
    <div className="home">
      <HomeSearch
        key={visitKey}
        initialQuery={(searchParams.get('query') ?? '').trim()}
        subtitle={subtitleFor(count.status === 'success' ? count.data : null)}
        onQueryChange={(query) => setSearchParams(query ? { query } : {}, { replace: true })}
      />
    </div>
  );
}
