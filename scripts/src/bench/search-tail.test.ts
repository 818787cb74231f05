import { describeSearchTail, SearchTails } from './search-tail';

describe('SearchTails', () => {
  it('When the slowest searches waited for their turns, then the tail says so, part by part', () => {
    const tails = new SearchTails();
    for (let i = 0; i < 98; i++) tails.add(5, 'search;dur=3.00, turn;dur=0.50, app;dur=4.0');
    tails.add(100, 'search;dur=80.00, turn;dur=60.00, app;dur=90.0');
    tails.add(60, 'search;dur=0.10, app;dur=1.0'); // a kept answer: no turn
    expect(tails.slowest(0.02)).toEqual({
      count: 2,
      meanMs: 80,
      beforeServerMs: 34.5,
      beforeSearchMs: 5.5,
      turnMs: 30,
      searchingMs: 10.1,
      kept: 1,
    });
  });

  it('has no tail when no answer carried the server times', () => {
    const tails = new SearchTails();
    tails.add(5, undefined);
    expect(tails.slowest(0.01)).toBeNull();
  });

  it('describes the tail in one line', () => {
    const tails = new SearchTails();
    tails.add(10, ['search;dur=6, turn;dur=2', 'app;dur=8']);
    expect(describeSearchTail(tails.slowest(0.01)!)).toContain('10 ms on average = 2 outside the server');
  });
});
