import { stem } from '../analysis/stem';
import { setFeatures } from './features';
import { readIntent } from './intent';

const roles = (...words: string[]) => {
  const stems = new Set(words.map(stem));
  return { isRoleStem: (s: string) => stems.has(s) };
};

describe('readIntent', () => {
  afterEach(() => setFeatures({}));

  it('reads "hire a <job>" as the job named, not as recruiting', () => {
    const intent = readIntent('hire a podcast producer for my show', roles('podcast', 'producer'));
    expect(intent.text).toBe('a podcast producer for my show');
    expect(intent.framing).toEqual(['hire']);
  });

  it('keeps recruiting when the job named is recruiting or none is named', () => {
    expect(readIntent('hire a recruiter', roles('recruiter')).framing).toEqual([]);
    expect(readIntent('hire faster', roles('editor')).framing).toEqual([]);
    // Without an article "hiring engineers" is about recruiting them.
    expect(readIntent('hiring engineers', roles('engineer')).framing).toEqual([]);
  });

  it('reads "replace my <job>" and "virtual <job>" as the job', () => {
    expect(readIntent('replace my bookkeeper', roles('bookkeeper')).text).toBe('my bookkeeper');
    expect(readIntent('virtual paralegal', roles('paralegal')).text).toBe('paralegal');
    // Agent nouns name a job even when no role of the catalog has the word.
    expect(readIntent('virtual translator').text).toBe('translator');
  });

  it('keeps a framing word that is part of a known phrase', () => {
    expect(readIntent('virtual assistant for my inbox', roles('assistant')).text).toBe(
      'virtual assistant for my inbox',
    );
  });

  it('changes nothing when the feature is off', () => {
    setFeatures({ jobFraming: false });
    expect(readIntent('hire a podcast producer', roles('producer')).text).toBe('hire a podcast producer');
  });
});
