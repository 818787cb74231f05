import { stem } from './stem';
import { tokenize, words } from './tokenize';

describe('tokenize', () => {
  it('folds case and accents and keeps offsets into the original text', () => {
    const tokens = tokenize('Café Résumé');
    expect(tokens.map((t) => t.word)).toEqual(['cafe', 'resume']);
    expect(tokens.map((t) => 'Café Résumé'.slice(t.start, t.end))).toEqual(['Café', 'Résumé']);
  });

  it('adds the parts of camel-case words at the same position', () => {
    expect(words('EmailTriager')).toEqual(['emailtriager', 'email', 'triager']);
    expect(words('ChatGPT Writer')).toEqual(['chatgpt', 'chat', 'gpt', 'writer']);
    expect(tokenize('ChatGPT Writer').map((t) => t.position)).toEqual([0, 0, 0, 1]);
  });

  it('splits on punctuation such as dashes and middle dots', () => {
    expect(words('DALL·E text-to-image, speech-to-text!')).toEqual([
      'dall',
      'e',
      'text',
      'to',
      'image',
      'speech',
      'to',
      'text',
    ]);
  });

  it('splits letters from digits but keeps the whole token too', () => {
    expect(words('GPT4 24/7')).toEqual(['gpt4', 'gpt', '4', '24', '7']);
  });
});

describe('stem', () => {
  it('reduces inflections to one stem', () => {
    expect(stem('summarizes')).toBe(stem('summarize'));
    expect(stem('recruiter')).not.toBe('recruiter');
    expect(stem('emails')).toBe(stem('email'));
  });

  it('keeps short words and codes whole', () => {
    expect(stem('ai')).toBe('ai');
    expect(stem('gpt4')).toBe('gpt4');
  });
});
