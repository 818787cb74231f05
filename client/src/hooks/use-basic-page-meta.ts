import { buildBasicPageMeta, SITE_NAME } from '@agentry/domain/seo';
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { siteOrigin } from '../config/site';
import { useDocumentHead } from './use-document-head';

/** Title ("<title> | Agentry"), description and canonical link of a plain page at the current path. */
export function useBasicPageMeta(title: string, description: string) {
  const { pathname } = useLocation();
  const meta = useMemo(
    () => buildBasicPageMeta(siteOrigin(), { title: `${title} | ${SITE_NAME}`, description, path: pathname }),
    [title, description, pathname],
  );
  useDocumentHead(meta);
}
