import '../../features/legal/components/legal.css';
import { buildLegalMeta } from '@agentry/domain/seo';
import { useMemo } from 'react';
import { siteOrigin } from '../../config/site';
import { PrivacyPolicy } from '../../features/legal/components/privacy-policy';
import { useDocumentHead } from '../../hooks/use-document-head';

// Lazy route module for /privacy.
export function Component() {
  useDocumentHead(useMemo(() => buildLegalMeta(siteOrigin(), 'privacy'), []));
  return <PrivacyPolicy />;
}
