import { stem } from './stem';

describe('stem', () => {
  it('folds the forms of one word together', () => {
    expect(stem('summarizes')).toBe(stem('summarize'));
    expect(stem('engineers')).toBe(stem('engineer'));
    expect(stem('accounting')).toBe(stem('accountant'));
  });

  it('keeps apart words Porter would fold into an unrelated one', () => {
    expect(stem('engineer')).not.toBe(stem('engine'));
    expect(stem('accountant')).not.toBe(stem('account'));
    expect(stem('documentation')).not.toBe(stem('documents'));
    expect(stem('general')).not.toBe(stem('generate'));
    expect(stem('executive')).not.toBe(stem('execute'));
    expect(stem('news')).not.toBe(stem('new'));
  });

  it('keeps every form of localize, personalize and visualize together and apart from local, personal and visual', () => {
    for (const [root, forms] of [
      [
        'local',
        ['localize', 'localise', 'localized', 'localizes', 'localizing', 'localization', 'localisation'],
      ],
      ['personal', ['personalize', 'personalised', 'personalizes', 'personalizing', 'personalization']],
      ['visual', ['visualize', 'visualized', 'visualizes', 'visualizing', 'visualization', 'visualizations']],
    ] as const) {
      const stems = new Set(forms.map(stem));
      expect(stems.size).toBe(1);
      expect(stems.has(stem(root))).toBe(false);
    }
    expect(stem('savings')).not.toBe(stem('saves'));
    expect(stem('descriptions')).toBe(stem('description'));
    expect(stem('descriptions')).not.toBe(stem('descript'));
  });

  it('keeps names and codes whole', () => {
    expect(stem('gpt4')).toBe('gpt4');
    expect(stem('ai')).toBe('ai');
  });

  it('stems a word that names an object property as a word', () => {
    expect(stem('constructor')).toBe('constructor');
  });
});
