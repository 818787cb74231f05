import { escapeMarkup } from './answer-request';
import { saidPlainly } from './protocol-errors';

// What a caller reads of the SDK's internal errors, and how answers carry markup.

describe('an internal error of the SDK, said plainly', () => {
  it('names each field of a validation dump and calls it invalid params', () => {
    const dump = JSON.stringify(
      [
        {
          expected: 'string',
          code: 'invalid_type',
          path: ['params', 'name'],
          message: 'Invalid input: expected string, received number',
        },
        { code: 'invalid_type', path: [], message: 'Invalid input' },
      ],
      null,
      2,
    );
    expect(saidPlainly(dump)).toEqual({
      code: -32602,
      message:
        'Invalid params: params.name: Invalid input: expected string, received number; the message: Invalid input',
    });
  });

  it('says only "Internal error" of anything else, whatever it held', () => {
    for (const message of [
      'TypeError: x is undefined at /srv/app.js:1:2',
      '[1, 2]',
      '[]',
      '[{"path":"x"}]',
      '[oops',
    ])
      expect(saidPlainly(message)).toEqual({ code: -32603, message: 'Internal error' });
  });
});

describe('escapeMarkup', () => {
  it('writes < > & as JSON escapes: the same value to a parser', () => {
    const json = JSON.stringify({ text: '<b>"a" & b</b>' });
    expect(escapeMarkup(json)).toBe('{"text":"\\u003cb\\u003e\\"a\\" \\u0026 b\\u003c/b\\u003e"}');
    expect(JSON.parse(escapeMarkup(json))).toEqual(JSON.parse(json));
  });
});
