import { containsInvalidContent, sanitizeInput } from './sanitize';

describe('containsInvalidContent', () => {
  it.each([
    '<script>alert(1)</script>',
    'hello <SCRIPT src=x>',
    '<iframe src="x">',
    '<object data="x">',
    '<embed src=x>',
    '<form action=x>',
    '<input value=1>',
    '<textarea>',
    '<select>',
    '<button onclick=x>',
    '</script>',
    'click javascript:alert(1)',
    'VBScript:msgbox',
    'see data:text/html;base64,PHNjcmlwdD4=',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '&#60;iframe&#62;',
  ])('flags %s', (text) => {
    expect(containsInvalidContent(text)).toBe(true);
  });

  it.each([
    'Writes TypeScript and JavaScript code',
    'Turns meeting transcripts into notes',
    'Clean data: dedupe and enrich',
    'Input your question and get an answer',
    'A form builder for surveys',
    'Q&amp;A Desk',
    'Prices from $5/month',
  ])('accepts ordinary prose: %s', (text) => {
    expect(containsInvalidContent(text)).toBe(false);
  });
});

describe('sanitizeInput', () => {
  it('strips script blocks with their content', () => {
    expect(sanitizeInput('Hi<script>alert(1)</script> there')).toBe('Hi there');
  });

  it('strips forbidden tags but keeps the text between them', () => {
    expect(sanitizeInput('<button>Go</button> now')).toBe('Go now');
  });

  it('strips script schemes and data URIs', () => {
    expect(sanitizeInput('javascript:alert(1) and data:text/html,x')).toBe('alert(1) and ,x');
  });

  it('strips event-handler attributes', () => {
    expect(sanitizeInput('<b onmouseover=steal()>bold</b>')).toBe('<b>bold</b>');
  });

  it('removes semicolons and quotes', () => {
    expect(sanitizeInput(`It's "great"; really \`so\``)).toBe('Its great really so');
  });

  it('truncates to 1000 characters', () => {
    expect(sanitizeInput('a'.repeat(1500))).toHaveLength(1000);
  });

  it('leaves clean text alone', () => {
    expect(sanitizeInput('Answers customer emails in Spanish')).toBe('Answers customer emails in Spanish');
  });
});
