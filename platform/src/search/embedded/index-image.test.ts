import { searchDocument } from '../contract';
import { imageFromBytes, imageToBytes } from './index-image';
import { InvertedIndex } from './inverted-index';

// The index as bytes and back: every document, word and string list as it was, whatever the text.

describe('the index image', () => {
  it('gives back documents and words in any script, lone surrogates included', async () => {
    const documents = [
      searchDocument('1', { name: 'Crème Brûlée Café', description: 'Bakes for naïve résumés in Ångström' }),
      searchDocument('2', { name: '東京 翻訳', description: 'Übersetzt Verträge ins Japanische' }),
      searchDocument('3', { name: 'Odd \ud800 Text', description: 'A name with a lone surrogate' }),
      searchDocument('4', { name: 'Emoji 🚀 Launch', description: 'Ships rockets' }),
    ];
    const index = new InvertedIndex();
    index.load(documents);
    const read = await InvertedIndex.fromImage(await imageFromBytes(imageToBytes(index.image())));
    for (let n = 0; n < documents.length; n++) {
      expect(read.document(n)).toEqual(index.document(n));
      expect(read.nameOf(n)).toEqual(index.nameOf(n));
      expect(read.idOf(n)).toBe(documents[n]!.id);
    }
    for (const stem of ['café', 'brûlé', '東京', 'odd', 'rocket']) {
      expect(read.documentFrequency(stem)).toBe(index.documentFrequency(stem));
    }
    expect(read.vocabulary.size).toBe(index.vocabulary.size);
  });

  it('keeps the profile facts: a loaded index filters and counts them, and takes new documents after them', async () => {
    const index = new InvertedIndex();
    index.load([
      searchDocument('a', {
        integrations: ['Slack', 'Zendesk'],
        languages: ['es'],
        starting_price_monthly: 20,
      }),
      searchDocument('b'),
      searchDocument('c', { integrations: ['Slack'], free_trial: false }),
    ]);
    const read = await InvertedIndex.fromImage(await imageFromBytes(imageToBytes(index.image())));
    const slack = read.columns.listMatcher('integrations', new Set(['slack']));
    expect([0, 1, 2].map(slack)).toEqual([true, false, true]);
    expect({ ...read.columns.countFacets([0, 1, 2], ['integrations', 'free_trial']) }).toEqual({
      integrations: { Slack: 2, Zendesk: 1 },
      free_trial: { false: 1 },
    });
    const { price, priced } = read.columns.startingPrices();
    expect([priced[0], priced[1], price[0]]).toEqual([1, 0, 20]);
    // Past the loaded arrays' ends (views of the image's bytes): they grow, the old values kept.
    read.upsert(searchDocument('d', { integrations: ['HubSpot'], languages: ['es'] }));
    const counted = read.columns.countFacets([0, 2, 3], ['integrations', 'languages']);
    expect({ ...counted.integrations }).toEqual({ Slack: 2, Zendesk: 1, HubSpot: 1 });
    expect({ ...counted.languages }).toEqual({ es: 2 });
  });
});
