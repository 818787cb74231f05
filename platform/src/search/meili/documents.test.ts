import { searchDocument } from '../contract';
import { fingerprint } from '../document';
import type { SearchDocument } from '../port';
import { fromStoredDocument, invalidDocument, isValidDocumentId, toStoredDocument } from './documents';

describe('Meilisearch documents', () => {
  it('accepts the ids Meilisearch accepts and no others', () => {
    for (const id of ['1', 'abc-DEF_9', 'x'.repeat(511)]) expect(isValidDocumentId(id)).toBe(true);
    for (const id of ['', 'a b', 'a/b', 'é', '../settings', 'x'.repeat(512), 42, null])
      expect(isValidDocumentId(id)).toBe(false);
  });

  it('says why a document would be refused', () => {
    expect(invalidDocument(searchDocument('ok'))).toBeNull();
    expect(invalidDocument({ ...searchDocument('x'), id: '' })).toBe('document has no id');
    expect(invalidDocument(undefined)).toBe('document has no id');
    expect(invalidDocument(searchDocument('a b'))).toMatch(/letters, digits, - and _/);
    expect(invalidDocument({ ...searchDocument('x'), name: undefined } as unknown as SearchDocument)).toBe(
      'document lacks name or description',
    );
  });

  it('stores the public fields only, leaving out a missing monthly price so it sorts last', () => {
    const agent = {
      ...searchDocument('1', { cost: 'Contact sales' }),
      email: 'owner@example.com',
      owner_id: 'u1',
    };
    const stored = toStoredDocument(agent);
    expect(Object.keys(stored).sort()).toEqual(
      ['address', 'category', 'cost', 'description', 'id', 'name', 'pricing', 'provider', 'role'].sort(),
    );
    expect(toStoredDocument(searchDocument('2', { cost: '$29/month' })).price_monthly).toBe(29);
  });

  it('keeps the trust signals an agent carries, and reads them back (none for an older document)', () => {
    const trusted: SearchDocument = {
      ...searchDocument('3'),
      verified_domain: 'acme.example',
      site_state: 'down',
      site_since: '2026-11-02T00:00:00.000Z',
      rating_average: 4.5,
      rating_count: 2,
      provider_page: '/providers/acme',
    };
    const back = fromStoredDocument({ ...toStoredDocument(trusted) });
    expect(back).toMatchObject({
      verified_domain: 'acme.example',
      site_state: 'down',
      site_since: '2026-11-02T00:00:00.000Z',
      rating_average: 4.5,
      rating_count: 2,
      // Its provider's page (issue 25): a hit carries it, and a page that goes, as null.
      provider_page: '/providers/acme',
    });
    expect(
      fromStoredDocument({ ...toStoredDocument({ ...trusted, provider_page: null }) }).provider_page,
    ).toBeNull();
    expect(fingerprint(back)).toBe(fingerprint(trusted));
    expect(fromStoredDocument({ ...toStoredDocument(searchDocument('4')) }).verified_domain).toBeUndefined();
  });

  it('stores the profile facts stated, and no field for a fact not stated', () => {
    const stated: SearchDocument = {
      ...searchDocument('5'),
      integrations: ['Slack'],
      languages: ['es', 'en'],
      free_trial: false,
      starting_price_monthly: 12.5,
    };
    const stored = toStoredDocument(stated);
    expect(stored).toMatchObject({
      integrations: ['Slack'],
      languages: ['es', 'en'],
      free_trial: false,
      starting_price_monthly: 12.5,
    });
    expect(stored).not.toHaveProperty('deployment');
    expect(stored).not.toHaveProperty('certifications');
    const silent = toStoredDocument({ ...searchDocument('6'), integrations: [], free_trial: null });
    expect(silent).not.toHaveProperty('integrations');
    expect(silent).not.toHaveProperty('free_trial');
    expect(silent).not.toHaveProperty('starting_price_monthly');
    const back = fromStoredDocument({ ...stored });
    expect(back).toMatchObject({ integrations: ['Slack'], free_trial: false, starting_price_monthly: 12.5 });
    expect(fingerprint(back)).toBe(fingerprint(stated));
  });

  it('reads back the same document, so fingerprints match the store', () => {
    for (const document of [
      searchDocument('1', { cost: '$5/month' }),
      searchDocument('2', { cost: 'Contact sales' }),
    ]) {
      const back = fromStoredDocument({ ...toStoredDocument(document), _formatted: {}, _rankingScore: 1 });
      expect(back).toEqual(document);
      expect(fingerprint(back)).toBe(fingerprint(document));
    }
  });
});
