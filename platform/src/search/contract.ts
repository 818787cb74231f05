import { CATALOG, EVERY_CAPABILITY, type SearchCapabilities, searchDocument } from './contract/catalog';
import { describeFacetsContract } from './contract/facets';
import { describeExcludedIdsContract, describeFiltersContract } from './contract/filters';
import { describeHighlightsContract } from './contract/highlights';
import { describeMatchingContract } from './contract/matching';
import { describeOrderContract } from './contract/order';
import { describeProfileFactsContract } from './contract/profile-facts';
import { describeRebuildsContract } from './contract/rebuilds';
import { describePingContract, describeSimilarContract } from './contract/similar';
import {
  describeCheckpointContract,
  describeFingerprintsContract,
  describeWritesContract,
} from './contract/writes';
import type { SearchEngine } from './port';

// The one behaviour every search engine must have, in parts under contract/ by meaning (run in this
// order, the order the tests always had). Each engine's test file calls this with a function that
// opens a fresh, empty index (and, for an engine that cannot do everything, what it can).

export { type SearchCapabilities, searchDocument };

export function describeSearchContract(
  name: string,
  openEngine: () => Promise<SearchEngine>,
  capabilities: Partial<SearchCapabilities> = {},
): void {
  const can = { ...EVERY_CAPABILITY, ...capabilities };
  describe(`Search contract: ${name}`, () => {
    let engine: SearchEngine;
    beforeEach(async () => {
      engine = await openEngine();
      await engine.apply({ upserts: CATALOG, deletes: [], checkpoint: 5 });
    });
    afterEach(async () => {
      await engine?.close();
    });
    const current = () => engine;

    describeCheckpointContract(current);
    describeMatchingContract(current, can);
    describeFiltersContract(current);
    describeFacetsContract(current);
    describeProfileFactsContract(current);
    describeOrderContract(current);
    describeHighlightsContract(current, can);
    describeExcludedIdsContract(current);
    describeWritesContract(current);
    describeRebuildsContract(current);
    describeFingerprintsContract(current);
    describeSimilarContract(current);
    describePingContract(current);
  });
}
