import type { Pricing } from '@agentry/domain/agent';
import { PRICING_LABELS } from '@agentry/domain/pricing';

export function PricingBadge({ pricing }: { pricing: Pricing }) {
  if (pricing === 'unknown') return null;
  return (
    <span className={`pricing-badge pricing-badge--${pricing}`}>
      <span className="visually-hidden">Pricing: </span>
      {PRICING_LABELS[pricing]}
    </span>
  );
}
