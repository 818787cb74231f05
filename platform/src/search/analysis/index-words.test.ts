import { indexWords } from './index-words';
import { words } from './tokenize';

describe('indexWords', () => {
  it.each([
    'EmailTriager drafts replies',
    'ChatGPT Writer',
    'DALL·E text-to-image, speech-to-text!',
    'GPT4 24/7 iOS macOS',
    'Café Résumé naïve ÉCOLE',
    'HTTPServer XMLParser aB Ab',
    '3Commas 10web',
  ])('finds the same words as tokenize: %s', (text) => {
    expect(indexWords(text)).toEqual(words(text));
  });
});
