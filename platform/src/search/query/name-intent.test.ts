import { setFeatures } from './features';
import { readsAsName, saysMoreThanName } from './name-intent';

const frequencies: Record<string, number> = { virtual: 40, ai: 800, otterly: 1, dubbo: 1, video: 60 };
const agentsWith = (word: string) => frequencies[word] ?? 0;

describe('readsAsName (name intent, measured and not kept: turned on here)', () => {
  beforeEach(() => setFeatures({ nameIntent: true }));
  afterEach(() => setFeatures({}));

  it('takes a short query holding the whole name as asking for the product', () => {
    expect(readsAsName(['otterly'], ['otterly', 'ai'], agentsWith)).toBe(true);
    expect(readsAsName(['pixelforge'], ['pixelforge', 'alternative'], agentsWith)).toBe(true);
  });

  it('does not take one everyday word of a long use case as a product name', () => {
    expect(
      readsAsName(['virtual'], ['virtual', 'receptionist', 'dental', 'clinic', 'calls'], agentsWith),
    ).toBe(false);
  });

  it('takes a word only a product has as its name, however long the query', () => {
    expect(readsAsName(['dubbo'], ['dub', 'my', 'videos', 'with', 'dubbo'], agentsWith)).toBe(true);
  });
});

describe('saysMoreThanName', () => {
  const name = new Set(['otterly']);
  it('says nothing more with words most agents have or words asking for alternatives', () => {
    expect(saysMoreThanName(['ai'], name, agentsWith, 1000)).toBe(false);
    expect(saysMoreThanName(['alternative'], name, agentsWith, 1000)).toBe(false);
    expect(saysMoreThanName(['otterly'], name, agentsWith, 1000)).toBe(false);
  });

  it('says more with a describing word', () => {
    expect(saysMoreThanName(['video'], name, agentsWith, 1000)).toBe(true);
  });
});
