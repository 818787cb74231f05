import { describeSiteCheck } from '@agentry/domain/site-check';
import { useAsync } from '../../../hooks/use-async';
import { getSiteCheck } from '../api/get-site-check';

// Under the website on an agent's page: "Site answered, checked 3 days ago" or "Site unreachable
// since November 3, 2026", from the link checker (issue 26). Nothing before the first check.

export function SiteCheckLine({ agentId }: { agentId: string }) {
  const check = useAsync(agentId, (signal) => getSiteCheck(agentId, signal));
  if (check.status !== 'success') return null;
  const text = describeSiteCheck(check.data, Date.now());
  if (!text) return null;
  return <p className={`site-check${check.data.state === 'down' ? ' site-check--down' : ''}`}>{text}</p>;
}
