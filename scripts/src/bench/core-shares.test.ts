import { type CoreSnapshot, coreShares, coreSnapshot, describeCoreShares } from './core-shares';

describe('who had the cores', () => {
  it("splits each process's CPU into its main thread and the rest, and counts what ran outside them", () => {
    const before: CoreSnapshot = {
      at: 10,
      machine: { busy: 1000, total: 4000, cores: 2 },
      processes: new Map([
        [1, { main: 100, all: 150 }],
        [2, { main: 0, all: 0 }],
      ]),
    };
    // 10 s: 2,000 ticks in all over two cores, 1,400 busy (1.4 cores).
    const after: CoreSnapshot = {
      at: 20,
      machine: { busy: 2400, total: 6000, cores: 2 },
      processes: new Map([
        [1, { main: 500, all: 700 }], // 0.4 core main, 0.15 other
        [2, { main: 300, all: 400 }], // 0.3 core main, 0.1 other
      ]),
    };
    const shares = coreShares(
      before,
      after,
      new Map([
        [1, 'worker 0'],
        [2, 'generator'],
        [3, 'gone'],
      ]),
    );
    expect(shares.processes).toEqual([
      { label: 'worker 0', main: 0.4, other: expect.closeTo(0.15) },
      { label: 'generator', main: 0.3, other: expect.closeTo(0.1) },
    ]);
    expect(shares.machineBusy).toBeCloseTo(0.7);
    expect(shares.outside).toBeCloseTo(1.4 - 0.55 - 0.4);
    expect(describeCoreShares(shares)).toContain('worker 0 40 % main + 15 % other threads');
  });

  it('reads this process and the machine from /proc', () => {
    const snapshot = coreSnapshot([process.pid, 999_999_999]);
    expect(snapshot.processes.has(999_999_999)).toBe(false);
    if (process.platform === 'linux') expect(snapshot.machine.cores).toBeGreaterThan(0);
  });
});
