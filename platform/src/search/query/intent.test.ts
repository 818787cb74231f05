import { setFeatures } from './features';
import { readIntent, roleWords } from './intent';

const roles = (...names: string[]) => {
  const { heads, words } = roleWords(names);
  return { isJobHead: (s: string) => heads.has(s), isRoleWord: (s: string) => words.has(s) };
};
const catalog = roles(
  'Podcast Producer',
  'Dispatcher',
  'Recruiter',
  'Customer Support Agent',
  'Graphic Designer',
);

describe('readIntent', () => {
  afterEach(() => setFeatures({}));

  it('reads "hire a <job>" as the job named, not as recruiting', () => {
    const intent = readIntent('hire a podcast producer for my show', catalog);
    expect(intent.text).toBe('a podcast producer for my show');
    expect(intent.framing).toEqual(['hire']);
  });

  it('keeps recruiting when the job named is recruiting or none is named', () => {
    expect(readIntent('hire a recruiter', catalog).framing).toEqual([]);
    expect(readIntent('hire faster', catalog).framing).toEqual([]);
    // Without an article "hiring engineers" is about recruiting them.
    expect(readIntent('hiring engineers', catalog).framing).toEqual([]);
  });

  it('reads "replace my <job>" and "virtual <job>" as the job', () => {
    expect(readIntent('replace my dispatcher', catalog).text).toBe('my dispatcher');
    expect(readIntent('replace our overnight dispatchers', catalog).text).toBe('our overnight dispatchers');
    expect(readIntent('hire a virtual dispatcher', catalog).text).toBe('a dispatcher');
    // Agent nouns that are hardly anything else name a job even when no role ends with them,
    // and so does one whose other words are a role's ("podcast" of Podcast Producer).
    expect(readIntent('virtual data scientist').text).toBe('data scientist');
    expect(readIntent('virtual podcast booker', catalog).text).toBe('podcast booker');
  });

  it('leaves framing words alone when what follows them is not a job', () => {
    for (const query of [
      'virtual background generator for calls',
      'replace the logo on my product photos',
      'virtual staging for real estate photos',
      'virtual events platform for my restaurant',
      'replace my monitor',
    ])
      expect(readIntent(query, catalog).text).toBe(query);
  });

  it('keeps a framing word that is part of a known phrase', () => {
    expect(readIntent('virtual assistant for my inbox', roles('Executive Assistant')).text).toBe(
      'virtual assistant for my inbox',
    );
  });

  it('changes nothing when the feature is off', () => {
    setFeatures({ jobFraming: false });
    expect(readIntent('hire a podcast producer', catalog).text).toBe('hire a podcast producer');
  });
});

describe('roleWords', () => {
  it('takes the word that ends each role, and an abbreviation in brackets, as heads', () => {
    const { heads, words } = roleWords(['Video Editor', 'Sales Development Representative (SDR)']);
    expect([...heads].sort()).toEqual(['editor', 'repres', 'sdr'].sort());
    expect(words.has('video')).toBe(true);
  });
});
