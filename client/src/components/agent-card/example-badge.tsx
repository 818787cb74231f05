import { isExampleAddress } from '@agentry/domain/address';

// The demo catalog's agents (and anything else under the reserved `.example` domain) are examples,
// not products: a visitor trying the directory out should not take them for real listings, nor
// expect their "Use agent" link to open a working site (issue 25).

export function ExampleBadge({ address }: { address: string }) {
  if (!isExampleAddress(address)) return null;
  return (
    <p className="example-badge-line">
      <span className="example-badge" title="An example listing: its site (.example) is not a real one">
        Example
        <span className="visually-hidden"> listing: its site is not a real one</span>
      </span>
    </p>
  );
}
