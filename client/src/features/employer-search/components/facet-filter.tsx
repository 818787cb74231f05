import { decodeEntities } from '@agentry/domain/entities';
import { PRICING_LABELS } from '@agentry/domain/pricing';
import type { RefinementListProps } from 'react-instantsearch';
import { RefinementList } from 'react-instantsearch';
import type { FacetAttribute } from '../utils/search-config';

// One facet as a group of checkboxes with counts (InstantSearch's RefinementList). Catalog values
// arrive entity-encoded and are shown decoded; pricing tiers get their labels.

type Transform = NonNullable<RefinementListProps['transformItems']>;

const decoded: Transform = (items) => items.map((item) => ({ ...item, label: decodeEntities(item.label) }));
const pricingLabels: Transform = (items) =>
  items.map((item) => ({
    ...item,
    label: PRICING_LABELS[item.value as keyof typeof PRICING_LABELS] ?? decodeEntities(item.label),
  }));

// Module-level: InstantSearch re-creates a widget whose props change, functions included.
const TRANSFORMS: Record<FacetAttribute, Transform> = {
  category: decoded,
  role: decoded,
  provider: decoded,
  pricing: pricingLabels,
};

export function FacetFilter({ attribute, title }: { attribute: FacetAttribute; title: string }) {
  return (
    <fieldset className="facet">
      <legend className="facet__title">{title}</legend>
      <RefinementList
        attribute={attribute}
        limit={8}
        showMore
        showMoreLimit={50}
        transformItems={TRANSFORMS[attribute]}
        classNames={{ noRefinementRoot: 'facet--empty' }}
      />
    </fieldset>
  );
}
