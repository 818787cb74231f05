import { agentName, findName, namedHits } from './name-match';
import { defaultFeatures, featuresOnExcept } from './testing/features';
import { hit, idsOf } from './testing/hits';

beforeEach(() => featuresOnExcept());
afterAll(defaultFeatures);

const otter = hit('otterly', {
  name: 'Otterly.ai',
  role: 'Meeting Note Taker',
  description: 'Transcribes meetings.',
});
const vidora = hit('vidora', { name: 'Vidora', role: 'Video Creator', description: 'AI avatars.' });
const motion = hit('motion', { name: 'Motion', role: 'Scheduler', description: 'Plans your day.' });
const lotion = hit('lotion', { name: 'Lotion', role: 'Note Taker', description: 'Writes notes.' });
const pixelfrog = hit('mj', { name: 'Pixelfrog', role: 'Image Generator', description: 'Makes images.' });
const virtualAssistant = hit('va', {
  name: 'Virtual Helper',
  role: 'Virtual Assistant',
  description: 'Handles email.',
});
const ax = hit('ax', { name: 'AX', role: 'Writer', description: 'Writes.' });

describe('agentName', () => {
  it('reads a name as the embedded index does: whole words without stop words, and every part', () => {
    expect(agentName('Otterly.ai')).toEqual({
      words: ['otterly', 'ai'],
      parts: ['otterly', 'ai'],
      key: 'otterly ai',
    });
    expect(agentName('The EmailTriager')).toEqual({
      words: ['emailtriager'],
      parts: ['the', 'emailtriager', 'email', 'triager'],
      key: 'emailtriager',
    });
    expect(agentName('The It').key).toBe('the it');
  });
});

describe('findName', () => {
  const none = new Set<string>();

  it('finds each name word as typed, as two words typed apart, or misspelt within the typo budget', () => {
    expect(findName(agentName('Otterly.ai'), ['otterly', 'ai', 'notes'], none)).toEqual(
      new Map([
        ['otterly', 'otterly'],
        ['ai', 'ai'],
      ]),
    );
    expect(findName(agentName('Pixelfrog'), ['pixel', 'frog', 'logo'], none)).toEqual(
      new Map([
        ['pixel', 'pixelfrog'],
        ['frog', 'pixelfrog'],
      ]),
    );
    expect(findName(agentName('Vidora'), ['vidra', 'alternative'], none)).toEqual(
      new Map([['vidra', 'vidora']]),
    );
  });

  it('needs every word of the name, and reads no short or known word as a misspelling', () => {
    expect(findName(agentName('Otterly.ai'), ['otterly'], none)).toBeNull();
    // Under 5 letters a word has no typo to spare, as in Meilisearch.
    expect(findName(agentName('Jira'), ['jora'], none)).toBeNull();
    expect(findName(agentName('Motion'), ['lotion'], none)).toEqual(new Map([['lotion', 'motion']]));
    expect(findName(agentName('Motion'), ['lotion'], new Set(['lotion']))).toBeNull();
  });

  it('does not join words when the joinWords ablation is on', () => {
    featuresOnExcept({ joinWords: false });
    expect(findName(agentName('Pixelfrog'), ['pixel', 'frog'], none)).toBeNull();
  });
});

describe('namedHits', () => {
  it('names the agents whose name the query reads as, in the main order', () => {
    const named = namedHits([lotion, otter], ['otterly', 'ai']);
    expect(idsOf(named!)).toEqual(['otterly']);
    expect(named!.name.key).toBe('otterly ai');
    expect(namedHits([vidora], ['vidora', 'alternative'])!.hits).toEqual([vidora]);
    expect(namedHits([pixelfrog], ['pixel', 'frog'])!.hits).toEqual([pixelfrog]);
  });

  it('reads a misspelt name as meant, unless another hit of the page has the word as typed', () => {
    const named = namedHits([vidora], ['vidra', 'alternative']);
    expect(named!.meant.get('vidra')).toBe('vidora');
    expect(namedHits([motion], ['lotion'])!.hits).toEqual([motion]);
    expect(namedHits([lotion, motion], ['lotion'])!.hits).toEqual([lotion]);
  });

  it('does not take a long use case sharing a word with a name for that name', () => {
    const query = ['virtual', 'helper', 'answers', 'customer', 'emails', 'spanish'];
    expect(namedHits([virtualAssistant], query)).toBeNull();
    expect(namedHits([virtualAssistant], ['virtual', 'helper', 'emails'])!.hits).toEqual([virtualAssistant]);
  });

  it('names a name under 3 letters only when it is the whole query', () => {
    expect(namedHits([ax], ['ax', 'writer'])).toBeNull();
    expect(namedHits([ax], ['ax'])!.hits).toEqual([ax]);
  });

  it('takes every name in the query as asked for when the nameIntent ablation is on', () => {
    featuresOnExcept({ nameIntent: false });
    const query = ['virtual', 'helper', 'answers', 'customer', 'emails', 'spanish'];
    expect(namedHits([virtualAssistant], query)!.hits).toEqual([virtualAssistant]);
  });

  it('names nothing for an empty query or a page without names in it', () => {
    expect(namedHits([otter], [])).toBeNull();
    expect(namedHits([otter, lotion], ['meeting', 'notes'])).toBeNull();
  });
});
