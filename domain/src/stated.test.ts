import { normalizePricing } from './pricing';
import { statedText } from './stated';

describe('statedText', () => {
  it.each([
    'Unknown',
    'unknown ',
    'N/A',
    'n/a',
    'NA',
    'none',
    'TBD',
    '-',
    '--',
    '?',
    'Not disclosed',
    '',
    '  ',
  ])('takes %p as not stated', (text) => {
    expect(statedText(text)).toBeNull();
  });

  it('keeps what states something, decoded and trimmed', () => {
    expect(statedText(' Fenwick &amp; Grove ')).toBe('Fenwick & Grove');
    expect(statedText('$29/month')).toBe('$29/month');
    expect(statedText('Unknown Labs')).toBe('Unknown Labs');
    expect(statedText(null)).toBeNull();
  });

  it('agrees with the pricing class: what it drops prices as unknown', () => {
    for (const text of ['Unknown', 'N/A', 'not stated', '?'])
      expect(normalizePricing(text).pricing).toBe('unknown');
  });
});
