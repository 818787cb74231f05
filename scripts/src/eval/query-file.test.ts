import { parseQueryLines } from './query-file';

describe('parseQueryLines', () => {
  it('reads plain lines and KIND<TAB>query lines, skipping blank ones', () => {
    expect(parseQueryLines('find a bookkeeper\n\nhire\thire a video editor \n  \n')).toEqual([
      { query: 'find a bookkeeper' },
      { kind: 'hire', query: 'hire a video editor' },
    ]);
  });
});
