import '../../features/for-ai-assistants/components/for-ai-assistants.css';
import { buildForAiAssistantsMeta } from '@agentry/domain/mcp';
import { useMemo } from 'react';
import { siteOrigin } from '../../config/site';
import { ForAiAssistantsPage } from '../../features/for-ai-assistants/components/for-ai-assistants-page';
import { useDocumentHead } from '../../hooks/use-document-head';

// Lazy route module for /for-ai-assistants: its code stays out of the home page's bundle.
export function Component() {
  useDocumentHead(useMemo(() => buildForAiAssistantsMeta(siteOrigin()), []));
  return <ForAiAssistantsPage origin={siteOrigin()} />;
}
