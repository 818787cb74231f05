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

  it('keeps names and codes whole', () => {
    expect(stem('gpt4')).toBe('gpt4');
    expect(stem('ai')).toBe('ai');
  });
});
