import { HostPacer } from './host-pacer';

function fakeClock() {
  let now = 1_000_000;
  const slept: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
    slept,
  };
}

describe('per-host politeness', () => {
  it('spaces the turns of one host a whole interval apart, in the order they were taken', async () => {
    const clock = fakeClock();
    const pacer = new HostPacer(1000, clock.now, clock.sleep);
    const starts: number[] = [];
    for (let i = 0; i < 3; i++) {
      await pacer.take('Example.com');
      starts.push(clock.now());
    }
    expect(starts[1]! - starts[0]!).toBe(1000);
    expect(starts[2]! - starts[1]!).toBe(1000);
  });

  it('lets other hosts go at once, and says how long a busy host is away', async () => {
    const clock = fakeClock();
    const pacer = new HostPacer(1000, clock.now, clock.sleep);
    await pacer.take('a.example');
    expect(pacer.readyIn('a.example')).toBe(1000);
    expect(pacer.readyIn('A.EXAMPLE')).toBe(1000);
    expect(pacer.readyIn('b.example')).toBe(0);
    await pacer.take('b.example');
    expect(clock.slept).toEqual([]);
    clock.advance(400);
    expect(pacer.readyIn('a.example')).toBe(600);
  });

  it('counts the next turn from when a late turn really started', async () => {
    const clock = fakeClock();
    // The first wait's timer fires 30 ms late, the next one on time.
    const late = async (ms: number) => {
      clock.advance(clock.slept.length === 0 ? ms + 30 : ms);
      clock.slept.push(ms);
    };
    const pacer = new HostPacer(1000, clock.now, late);
    await pacer.take('a.example');
    const first = clock.now();
    await pacer.take('a.example');
    const second = clock.now();
    await pacer.take('a.example');
    expect(second - first).toBeGreaterThanOrEqual(1000);
    expect(clock.now() - second).toBeGreaterThanOrEqual(1000);
  });

  it('forgets hosts whose turn has come, so it holds only recent hosts', async () => {
    const clock = fakeClock();
    const pacer = new HostPacer(1000, clock.now, clock.sleep);
    await pacer.take('a.example');
    await pacer.take('b.example');
    clock.advance(1000);
    pacer.prune();
    expect(pacer.size).toBe(0);
  });
});
