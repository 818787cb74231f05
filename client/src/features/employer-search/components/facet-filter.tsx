import { decodeEntities } from '@agentry/domain/html-entities';
import { PRICING_LABELS } from '@agentry/domain/pricing';
import { type ProfileFacetField, profileFacetLabel } from '@agentry/domain/profile-facets';
import { statedText } from '@agentry/domain/stated';
import { memo } from 'react';
import { RefinementList, type RefinementListProps } from 'react-instantsearch';
import type { FacetAttribute } from '../utils/search-config';

// One facet as a group of checkboxes with counts (InstantSearch's RefinementList). Catalog values
// arrive entity-encoded and are shown decoded; pricing tiers get their labels, and the facts of
// agent profiles theirs (language codes as names, "Offers a free trial"). A profile facet counts
// only the agents that state the fact: an empty one says so rather than vanishing. Values that
// state nothing ("Unknown" providers, unknown pricing) are not offered (issue 25).

type Transform = NonNullable<RefinementListProps['transformItems']>;

const decoded: Transform = (items) => items.map((item) => ({ ...item, label: decodeEntities(item.label) }));
/** "Unknown" is no provider: not offered as one to filter on (issue 25). */
const statedOnly: Transform = (items, metadata) =>
  decoded(
    items.filter((item) => statedText(item.value) !== null),
    metadata,
  );
const pricingLabels: Transform = (items) =>
  items.map((item) => ({
    ...item,
    label: PRICING_LABELS[item.value as keyof typeof PRICING_LABELS] ?? decodeEntities(item.label),
  }));
/** Nor is the pricing of agents whose cost states nothing. */
const pricingStated: Transform = (items, metadata) =>
  pricingLabels(
    items.filter((item) => item.value !== 'unknown'),
    metadata,
  );

const profileLabels =
  (field: ProfileFacetField): Transform =>
  (items) =>
    items.map((item) => ({ ...item, label: profileFacetLabel(field, item.value) }));

// Module-level: InstantSearch re-creates a widget whose props change, functions included.
const TRANSFORMS: Record<FacetAttribute, Transform> = {
  category: decoded,
  role: decoded,
  provider: statedOnly,
  pricing: pricingStated,
  integrations: profileLabels('integrations'),
  languages: profileLabels('languages'),
  deployment: profileLabels('deployment'),
  certifications: profileLabels('certifications'),
  free_trial: profileLabels('free_trial'),
};

/** Memoised: the page re-renders for every change of the search's status; a facet, for its own answers. */
export const FacetFilter = memo(function FacetFilter({
  attribute,
  title,
  profile = false,
}: {
  attribute: FacetAttribute;
  title: string;
  /** A fact of agent profiles: an empty list says no agent in the results states it. */
  profile?: boolean;
}) {
  return (
    <fieldset className={profile ? 'facet facet--profile' : 'facet'}>
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
});
