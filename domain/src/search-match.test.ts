import { explanationText } from './search-match';

describe('the "why this matched" line', () => {
  it("names the parts matched, the agent's own words for them, and the role", () => {
    expect(
      explanationText({
        match: true,
        matched: [{ words: 'customer emails' }, { words: 'spanish' }, { words: 'support', as: 'help desk' }],
        missing: [],
        role: 'Support Agent',
      }),
    ).toBe('matches: customer emails, spanish, support (it says "help desk") · role: Support Agent');
  });

  it('gives the category when the role did not carry the match', () => {
    expect(
      explanationText({ match: true, matched: [{ words: 'tax' }], missing: [], category: 'Finance' }),
    ).toBe('matches: tax · category: Finance');
  });

  it('says what a related agent lacks', () => {
    expect(
      explanationText({ match: false, matched: [{ words: 'contracts' }], missing: ['renewal dates'] }),
    ).toBe('related: contracts · not: renewal dates');
  });

  it('says a product was asked for by name, or is an alternative to it', () => {
    expect(explanationText({ match: true, matched: [{ words: 'jasper' }], missing: [], name: true })).toBe(
      'the name asked for',
    );
    expect(explanationText({ match: false, matched: [], missing: ['jasper'], alternativeTo: 'Jasper' })).toBe(
      'alternative to Jasper',
    );
  });
});
