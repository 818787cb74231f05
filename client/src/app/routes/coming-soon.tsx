import { buildBasicPageMeta } from '@agentry/domain/seo';
import { useMemo } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { StatusPage } from '../../components/ui/status-page';
import { siteOrigin } from '../../config/site';
import { useDocumentHead } from '../../hooks/use-document-head';

// Lazy route module for the screens that later issues build (the admin area). Each route exists
// now with an honest placeholder.

export const COMING_SOON_PAGES = {
  adminDirectory: { heading: 'Admin directory', text: 'The admin area opens soon.' },
  rjs: { heading: 'Coming soon', text: 'This page opens soon.' },
} as const satisfies Record<string, { heading: string; text: string }>;

export type ComingSoonPageKey = keyof typeof COMING_SOON_PAGES;

/** Route handle naming the placeholder a route shows. */
export interface ComingSoonHandle {
  comingSoon: ComingSoonPageKey;
}

function isComingSoonHandle(handle: unknown): handle is ComingSoonHandle {
  return typeof handle === 'object' && handle !== null && 'comingSoon' in handle;
}

/** The route component: shows the placeholder named by the matched route's handle. */
export function Component() {
  const match = useMatches().findLast((candidate) => isComingSoonHandle(candidate.handle));
  const key = match && isComingSoonHandle(match.handle) ? match.handle.comingSoon : 'rjs';
  const { heading, text } = COMING_SOON_PAGES[key];
  return <ComingSoonPage heading={heading} text={text} />;
}

function ComingSoonPage({ heading, text }: { heading: string; text: string }) {
  const { pathname } = useLocation();
  const meta = useMemo(
    () =>
      buildBasicPageMeta(siteOrigin(), { title: `${heading} | Agentry`, description: text, path: pathname }),
    [heading, text, pathname],
  );
  useDocumentHead(meta);
  return (
    <StatusPage
      heading={heading}
      primary={{ to: '/', label: 'Back to home' }}
      secondary={{ to: '/directory', label: 'Browse the directory' }}
    >
      <p>{text} This part of Agentry is still being built.</p>
    </StatusPage>
  );
}
