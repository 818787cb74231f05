import { normalizeAddress } from '@agentry/domain/address';

/** Opens the agent's own site in a new tab; addresses without a scheme get https:// (spec section 3). */
export function UseAgentLink({
  address,
  agentName,
  className = 'button button--primary',
}: {
  address: string;
  agentName: string;
  className?: string;
}) {
  return (
    <a className={className} href={normalizeAddress(address)} target="_blank" rel="noopener">
      Use agent<span className="visually-hidden"> {agentName} (opens in a new tab)</span>
    </a>
  );
}
