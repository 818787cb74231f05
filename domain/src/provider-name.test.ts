import { groupProviderDuplicates, providerKey, sameProvider } from './provider-name';

describe('providerKey', () => {
  it.each([
    // Pairs seen in the real catalog (shared/data/agents.json, 1,030 agents).
    ['microsoft.com', 'microsoft'],
    ['openai.com', 'openai'],
    ['google', 'google.com'],
    ['confident-ai.com', 'confident-ai'],
    ['yoheinakajima', 'yoheinakajima.com'],
    ['codium.ai', 'Codium-ai'],
    // Case, spacing, www., a scheme and a path.
    ['OpenAI', 'open ai'],
    ['www.chatgpt.com', 'chatgpt.com'],
    ['https://www.Jasper.ai/', 'jasper.ai'],
    ['  Hugging Face ', 'huggingface.co'],
    ['Acme Corp', 'acme-corp.io'],
    ['bbc.co.uk', 'BBC'],
    ['xAI', 'x.ai'],
  ])('gives %j and %j one key', (a, b) => {
    expect(providerKey(a)).toBe(providerKey(b));
    expect(sameProvider(a, b)).toBe(true);
  });

  it.each([
    ['docs.google.com', 'google.com'],
    ['google-gemini', 'google'],
    ['microsoft', 'microsoft research'],
    ['x.com', 'X'],
    ['notion.so', 'notion'],
    ['splx.ai', 'splx'],
    ['openai', 'openbmb'],
    ['ai21.com', 'ai21labs'],
  ])('keeps %j and %j apart', (a, b) => {
    expect(sameProvider(a, b)).toBe(false);
  });

  it('gives a spelling without a letter or digit no key, so it merges with nothing', () => {
    expect(providerKey(' -- ')).toBe('');
    expect(sameProvider('--', '..')).toBe(false);
  });
});

describe('groupProviderDuplicates', () => {
  it('groups spellings by key, largest group first, the most used spelling first within it', () => {
    const groups = groupProviderDuplicates([
      { provider: 'microsoft', agents: 2 },
      { provider: 'openai', agents: 1 },
      { provider: 'microsoft.com', agents: 5 },
      { provider: 'openai.com', agents: 1 },
      { provider: 'anthropic.com', agents: 9 },
    ]);
    expect(groups).toEqual([
      {
        key: 'microsoft',
        spellings: [
          { provider: 'microsoft.com', agents: 5 },
          { provider: 'microsoft', agents: 2 },
        ],
      },
      {
        key: 'openai',
        spellings: [
          { provider: 'openai.com', agents: 1 },
          { provider: 'openai', agents: 1 },
        ],
      },
    ]);
  });

  it('answers at most `limit` groups', () => {
    const spellings = Array.from({ length: 10 }, (_, i) => [
      { provider: `maker${i}`, agents: 1 },
      { provider: `maker${i}.com`, agents: 1 },
    ]).flat();
    expect(groupProviderDuplicates(spellings, 3)).toHaveLength(3);
  });
});
