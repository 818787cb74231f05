import { buildPageNotFoundMeta } from '@agentry/domain/seo';
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { StatusPage } from '../../components/ui/status-page';
import { siteOrigin } from '../../config/site';
import { useDocumentHead } from '../../hooks/use-document-head';

// Lazy route module for any address that is no page (issue 25): a page that says so, with the ways
// on, at the address that was asked for, so the visitor sees what they typed. The server answers
// the same addresses with 404.
export function Component() {
  const { pathname } = useLocation();
  useDocumentHead(useMemo(() => buildPageNotFoundMeta(siteOrigin(), pathname), [pathname]));
  return (
    <StatusPage
      heading="Page not found"
      primary={{ to: '/', label: 'Search agents' }}
      secondary={{ to: '/directory', label: 'Browse the directory' }}
    >
      <p>
        There is no page at <code className="status-page__path">{pathname}</code>. The link may be mistyped,
        or the page may have moved.
      </p>
    </StatusPage>
  );
}
