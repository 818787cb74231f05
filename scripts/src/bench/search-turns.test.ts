import { phaseAt, turnEventOf, turnsLine } from './search-turns';

const line = (worker: number, msg: string) => JSON.stringify({ level: 30, worker, msg });

describe('the rebuilt index, worker by worker (a lost mirror start)', () => {
  const events = [
    turnEventOf(line(1, 'search index: waiting for another process to load the new index first'), 20.3),
    turnEventOf(line(0, 'search index loaded'), 21.8),
    turnEventOf(line(0, 'search index current: search answers from it'), 21.9),
    turnEventOf(line(1, 'search index loaded'), 25.1),
    turnEventOf(line(1, 'search index current: search answers from it'), 25.2),
  ].filter((event) => event !== null);

  it('When the API logs its load turns, then each marks its worker and moment, and other lines mark nothing', () => {
    expect(events).toHaveLength(5);
    expect(events[0]).toEqual({ worker: '1', kind: 'waits for its turn', atSeconds: 20.3 });
    expect(turnEventOf(line(0, 'request'), 3)).toBeNull();
    expect(turnEventOf('not json {', 3)).toBeNull();
    expect(turnsLine(events)).toBe(
      'worker 1 waits for its turn 20.3 s, worker 0 loaded 21.8 s, worker 0 current 21.9 s, worker 1 loaded 25.1 s, worker 1 current 25.2 s',
    );
  });

  it('When a slow search is placed among them, then it is said to fall before, within or after the others’ turn', () => {
    expect(phaseAt(events, 12)).toBe('no index current yet');
    expect(phaseAt(events, 23.4)).toBe('another worker loading in its turn');
    expect(phaseAt(events, 25.3)).toBe('every worker current');
    // A run that ends before the second worker's index is current: still within its turn.
    expect(phaseAt(events.slice(0, 3), 23.4)).toBe('another worker loading in its turn');
  });
});
