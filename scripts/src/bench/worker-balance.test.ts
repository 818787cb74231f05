import { connectionOwners, describeBalance, sharesOf } from './worker-balance';

describe('worker balance', () => {
  const ss = [
    '0      0      127.0.0.1:4100 127.0.0.1:50001 users:(("node",pid=301,fd=28))',
    '0      0      127.0.0.1:4100 127.0.0.1:50002 users:(("node",pid=302,fd=31))',
    '0      0      127.0.0.1:50001 127.0.0.1:4100 users:(("node",pid=9,fd=40))',
    '0      0      127.0.0.1:5432 127.0.0.1:50003 users:(("postgres",pid=77,fd=5))',
    '',
  ].join('\n');

  it('reads which process holds the server end of each connection to the port', () => {
    expect([...connectionOwners(ss, 4100)]).toEqual([
      [50001, 301],
      [50002, 302],
    ]);
  });

  it('adds each connection’s answers to the worker that held it, and counts the rest apart', () => {
    const answers = new Map([
      [50001, 70],
      [50002, 20],
      [50009, 10],
    ]);
    const figures = sharesOf(answers, connectionOwners(ss, 4100), [301, 302], new Map([[301, 0.9]]));
    expect(
      figures.workers.map(({ pid, answers, connections, busy }) => ({ pid, answers, connections, busy })),
    ).toEqual([
      { pid: 301, answers: 70, connections: 1, busy: 0.9 },
      { pid: 302, answers: 20, connections: 1, busy: 0 },
    ]);
    expect(figures.unattributed).toBe(10);
    expect(describeBalance(figures)[0]).toMatch(
      /pid 301\): 70 answers \(70 %\) on 1 connections, main thread busy 90 %/,
    );
    expect(describeBalance(figures)[2]).toMatch(/^ {4}10 answers \(10 %\) on connections too short/);
  });
});
