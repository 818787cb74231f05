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
});
