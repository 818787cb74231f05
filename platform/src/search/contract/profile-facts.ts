import type { SearchDocument, SearchEngine, SearchRequest } from '../port';
import { ids, searchDocument } from './catalog';

// The facts of agent profiles as filters and facets (issue 28): part of the search contract
// (describeSearchContract).

export function describeProfileFactsContract(engine: () => SearchEngine): void {
  describe('the facts of agent profiles (issue 28)', () => {
    // Three agents state facts; the five of the catalog state none.
    const PROFILED: SearchDocument[] = [
      searchDocument('p1', {
        name: 'DeskHelper',
        integrations: ['Slack', 'Zendesk'],
        languages: ['es', 'en'],
        deployment: ['cloud'],
        certifications: ['soc2'],
        free_trial: true,
        starting_price_monthly: 20,
      }),
      searchDocument('p2', {
        name: 'OpsHelper',
        integrations: ['Slack'],
        languages: ['de'],
        deployment: ['self_hosted', 'cloud'],
        free_trial: false,
        starting_price_monthly: 50,
      }),
      searchDocument('p3', {
        name: 'CrmHelper',
        integrations: ['HubSpot'],
        languages: ['es'],
        certifications: ['gdpr', 'soc2'],
        starting_price_monthly: 10,
      }),
    ];
    beforeEach(async () => {
      await engine().apply({ upserts: PROFILED, deletes: [], checkpoint: 6 });
    });
    const found = async (request: Omit<SearchRequest, 'query'>) =>
      ids(await engine().search({ query: '', hitsPerPage: 20, ...request })).sort();

    it('filters by a fact: any of its values asked for, every fact asked for, without regard to case', async () => {
      expect(await found({ filters: { integrations: ['Slack'], languages: ['es'] } })).toEqual(['p1']);
      expect(await found({ filters: { integrations: ['slack', 'HUBSPOT'] } })).toEqual(['p1', 'p2', 'p3']);
      expect(await found({ filters: { certifications: ['soc2'], deployment: ['cloud'] } })).toEqual(['p1']);
      expect(await found({ filters: { free_trial: ['true'] } })).toEqual(['p1']);
      expect(await found({ filters: { free_trial: ['false'] } })).toEqual(['p2']);
    });

    it('counts each stated value once per agent, and an agent that states nothing under no value', async () => {
      const response = await engine().search({
        query: '',
        facets: ['integrations', 'languages', 'deployment', 'certifications', 'free_trial'],
      });
      expect(response.totalHits).toBe(8);
      expect({ ...response.facets.integrations }).toEqual({ Slack: 2, Zendesk: 1, HubSpot: 1 });
      expect({ ...response.facets.languages }).toEqual({ es: 2, en: 1, de: 1 });
      expect({ ...response.facets.deployment }).toEqual({ cloud: 2, self_hosted: 1 });
      expect({ ...response.facets.certifications }).toEqual({ soc2: 2, gdpr: 1 });
      expect({ ...response.facets.free_trial }).toEqual({ true: 1, false: 1 });
    });

    it('counts the facts over the filtered hits', async () => {
      const response = await engine().search({
        query: '',
        filters: { integrations: ['Slack'] },
        facets: ['languages', 'integrations'],
      });
      expect({ ...response.facets.languages }).toEqual({ es: 1, en: 1, de: 1 });
      expect({ ...response.facets.integrations }).toEqual({ Slack: 2, Zendesk: 1 });
    });

    it('bounds the starting price per month; an agent stating none is outside every range', async () => {
      expect(await found({ startingPriceMonthly: { max: 20 } })).toEqual(['p1', 'p3']);
      expect(await found({ startingPriceMonthly: { min: 20, minExclusive: true } })).toEqual(['p2']);
      expect(await found({ startingPriceMonthly: { min: 0 } })).toEqual(['p1', 'p2', 'p3']);
    });

    it('fingerprints the facts, so a profile the index missed shows as stale', async () => {
      const before = (await engine().fingerprints()).get('p3');
      await engine().apply({
        upserts: [{ ...PROFILED[2]!, languages: ['es', 'fr'] }],
        deletes: [],
        checkpoint: 7,
      });
      expect((await engine().fingerprints()).get('p3')).not.toBe(before);
    });
  });
}
