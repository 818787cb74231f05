import '../../features/legal/components/legal.css';
import { buildLegalMeta } from '@agentry/domain/seo';
import { useMemo } from 'react';
import { siteOrigin } from '../../config/site';
import { TermsOfService } from '../../features/legal/components/terms-of-service';
import { useDocumentHead } from '../../hooks/use-document-head';

// Lazy route module for /terms.
export function Component() {
  useDocumentHead(useMemo(() => buildLegalMeta(siteOrigin(), 'terms'), []));
  return <TermsOfService />;
}
