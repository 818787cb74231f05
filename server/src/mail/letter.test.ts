import { composeEml } from '@agentry/platform/mail/file-outbox/compose-eml';
import { newMessageId, parseSender } from '@agentry/platform/mail/sender';
import { composeLetter, wrapText } from './letter';

describe('letters', () => {
  it('wraps long paragraphs at 78 columns and cuts words longer than 200 characters', () => {
    const wrapped = wrapText(`${'word '.repeat(80)}\nsecond line ${'é'.repeat(600)}`);
    const lines = wrapped.split('\n');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(200);
    expect(lines.filter((line) => line.startsWith('word')).every((line) => line.length <= 78)).toBe(true);
    expect(wrapped.replace(/\s+/g, '')).toBe(`${'word'.repeat(80)}secondline${'é'.repeat(600)}`);
    expect(wrapText('A short sentence of our own.')).toBe('A short sentence of our own.');
  });

  it('gives the outbox only lines it accepts, and keeps typed line breaks in the HTML part', () => {
    const message = composeLetter({
      to: 'grace@acme.example',
      kind: 'contact_reply',
      subject: 'A reply',
      blocks: [`${'é'.repeat(1000)}`, 'first line\nsecond line'],
    });
    const from = parseSender('Agentry <no-reply@agentry.local>');
    expect(() =>
      composeEml(message, { from, messageId: newMessageId(from), date: new Date() }),
    ).not.toThrow();
    expect(message.html).toContain('first line<br>\nsecond line');
  });
});
