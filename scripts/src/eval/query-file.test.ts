import { parseQueryLines } from './query-file';

describe('parseQueryLines', () => {
  it('reads plain lines and KIND<TAB>query lines, skipping blank ones', () => {
    expect(parseQueryLines('find a bookkeeper\n\nhire\thire a podcast producer \n  \n')).toEqual([
      { query: 'find a bookkeeper' },
      { kind: 'hire', query: 'hire a podcast producer' },
    ]);
  });
});
