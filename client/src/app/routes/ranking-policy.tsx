import '../../features/legal/components/legal.css';
import { buildLegalMeta } from '@agentry/domain/seo';
import { useMemo } from 'react';
import { siteOrigin } from '../../config/site';
import { RankingPolicy } from '../../features/legal/components/ranking-policy';
import { useDocumentHead } from '../../hooks/use-document-head';

// Lazy route module for /ranking-policy.
export function Component() {
  useDocumentHead(useMemo(() => buildLegalMeta(siteOrigin(), 'ranking'), []));
  return <RankingPolicy />;
}
