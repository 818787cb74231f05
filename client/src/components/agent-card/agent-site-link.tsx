import { normalizeAddress } from '@agentry/domain/address';

/**
 * How a listing links to its agent's site: not followed by search engines (`nofollow ugc`, a link
 * a stranger typed). A followed link to the provider's site is what the provider plan sells, on
 * its provider page (provider-page.tsx): every free listing's page and card gave one away
 * (session 14's attack), and followed links for free draw spam listings.
 */
export const LISTING_LINK_REL = 'noopener nofollow ugc';

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
      rel={LISTING_LINK_REL}
      onClick={onClick}
    >
      Use agent<span className="visually-hidden"> {agentName} (opens in a new tab)</span>
    </a>
  );
}
