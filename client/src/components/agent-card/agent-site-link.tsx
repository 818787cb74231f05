import { normalizeAddress } from '@agentry/domain/address';

/** Opens the agent's own site in a new tab; addresses without a scheme get https:// (spec section 3). */
export function UseAgentLink({
  address,
  agentName,
  className = 'button button--primary',
  onClick,
}: {
  address: string;
  agentName: string;
  className?: string;
  /** Called as the link is followed (the visitor's click, counted for the provider's analytics). */
  onClick?: () => void;
}) {
  return (
    <a
      className={className}
      href={normalizeAddress(address)}
      target="_blank"
      rel="noopener"
      onClick={onClick}
    >
      Use agent<span className="visually-hidden"> {agentName} (opens in a new tab)</span>
    </a>
  );
}
