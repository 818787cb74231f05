import { searchDocument } from '../contract';
import { MAX_QUERY_WORDS, similarQuery } from './similar';

describe('similarQuery', () => {
  it('takes the role, the category, then what the description says it does', () => {
    const ledgerLeaf = searchDocument('4', {
      name: 'LedgerLeaf',
      category: 'Finance',
      role: 'Bookkeeper',
      description: 'Categorises transactions and reconciles your accounts every night.',
    });
    expect(similarQuery(ledgerLeaf)).toBe(
      'bookkeeper finance categorises transactions reconciles accounts every night',
    );
  });

  it('skips names inside sentences, numbers, short words and the agent’s own name', () => {
    const voiceForge = searchDocument('5', {
      name: 'VoiceForge',
      category: 'Content & Media',
      role: 'Voice Actor',
      description: 'Text to speech with OpenAI voices in 30 languages. Works with Slack. VoiceForge sings.',
    });
    expect(similarQuery(voiceForge)).toBe(
      'voice actor content media text speech voices languages works sings',
    );
  });

  it('stays within the words Meilisearch reads', () => {
    const long = searchDocument('6', {
      description: Array.from({ length: 30 }, (_, i) => `word${'x'.repeat(i)}`).join(' '),
    });
    expect(similarQuery(long).split(' ').length).toBeLessThanOrEqual(MAX_QUERY_WORDS);
  });
});
