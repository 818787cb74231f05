import { FairTurns, FRESH_UNITS } from './fair-turns';

/** Counts turns of the event loop (one increment per check phase) until stopped. */
function loopTicker() {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get turns() {
      return turns;
    },
    stop: () => {
      running = false;
    },
  };
}

const BUDGET = 6;

/**
 * A clock the units move: a unit made by `costing(ms, ...)` takes that long of the event loop, as
 * far as the turns can tell. No real time is measured.
 */
function fakeClock() {
  let time = 0;
  return {
    now: () => time,
    costing:
      <T>(ms: number, work: () => T) =>
      async () => {
        time += ms;
        return work();
      },
  };
}

/** Turns whose every unit spends the whole budget: one unit a turn. */
function oneUnitATurn() {
  const clock = fakeClock();
  const turns = new FairTurns({ budgetMs: BUDGET, now: clock.now });
  return { turns, unit: <T>(work: () => T) => clock.costing(BUDGET, work) };
}

describe('FairTurns', () => {
  it('When one client has many units waiting and another sends one, then the other’s runs second, not last', async () => {
    const turns = new FairTurns();
    const order: string[] = [];
    const unit = (name: string) => async () => {
      order.push(name);
      return name;
    };
    const batch = ['a1', 'a2', 'a3', 'a4', 'a5'].map((name) => turns.run('attacker', unit(name)));
    const single = turns.run('visitor', unit('v1'));
    expect(turns.size).toBe(6);
    await Promise.all([...batch, single]);
    expect(order).toEqual(['a1', 'v1', 'a2', 'a3', 'a4', 'a5']);
    expect(turns.size).toBe(0);
  });

  it('When clients each have several units, then turns go round them one unit at a time', async () => {
    const turns = new FairTurns();
    const order: string[] = [];
    const runs = [];
    for (const client of ['x', 'y', 'z'])
      for (let i = 1; i <= 2; i++) runs.push(turns.run(client, async () => order.push(`${client}${i}`)));
    await Promise.all(runs);
    expect(order).toEqual(['x1', 'y1', 'z1', 'x2', 'y2', 'z2']);
  });

  it('When a client has had its fresh turns, then clients arriving later go first, each for its own fresh turns', async () => {
    const { turns, unit: costly } = oneUnitATurn();
    const order: string[] = [];
    const unit = (name: string) => costly(() => order.push(name));
    const heavy = Array.from({ length: FRESH_UNITS + 3 }, (_, i) => turns.run('heavy', unit(`h${i + 1}`)));
    // Once the heavy client has run its fresh turns, two visitors arrive, one with two units.
    await heavy[FRESH_UNITS - 1];
    const visitors = [
      turns.run('one', unit('o1')),
      turns.run('two', unit('t1')),
      turns.run('two', unit('t2')),
    ];
    await Promise.all([...heavy, ...visitors]);
    const fresh = Array.from({ length: FRESH_UNITS }, (_, i) => `h${i + 1}`);
    expect(order).toEqual([...fresh, 'o1', 't1', 't2', 'h6', 'h7', 'h8']);
  });

  it('When a heavy client’s queue empties, then its next request is fresh again', async () => {
    const { turns, unit } = oneUnitATurn();
    await Promise.all(
      Array.from({ length: FRESH_UNITS + 1 }, () =>
        turns.run(
          'again',
          unit(() => undefined),
        ),
      ),
    );
    const order: string[] = [];
    const other = Array.from({ length: 3 }, (_, i) =>
      turns.run(
        'other',
        unit(() => order.push(`x${i + 1}`)),
      ),
    );
    const back = turns.run(
      'again',
      unit(() => order.push('a')),
    );
    await Promise.all([...other, back]);
    expect(order).toEqual(['x1', 'a', 'x2', 'x3']);
  });

  it('When units are cheap, then one turn of the event loop starts as many as its budget holds, and the rest wait for the next turn', async () => {
    const clock = fakeClock();
    const turns = new FairTurns({ budgetMs: BUDGET, now: clock.now });
    const ticker = loopTicker();
    // 2 ms each against a budget of 6: three a turn.
    const seen = await Promise.all(
      Array.from({ length: 7 }, () =>
        turns.run(
          'one',
          clock.costing(2, () => ticker.turns),
        ),
      ),
    );
    ticker.stop();
    const [a, , , b, , , c] = seen;
    expect(seen).toEqual([a, a, a, b, b, b, c]);
    expect(a).toBeLessThan(b!);
    expect(b).toBeLessThan(c!);
  });

  it('When a unit takes the whole budget, then each unit starts on a turn of the event loop of its own, so other work runs between two', async () => {
    const { turns, unit } = oneUnitATurn();
    const ticker = loopTicker();
    const seen = await Promise.all(
      Array.from({ length: 4 }, () =>
        turns.run(
          'one',
          unit(() => ticker.turns),
        ),
      ),
    );
    ticker.stop();
    expect(new Set(seen).size).toBe(4);
  });

  it('counts what a unit does after its first await (serialising an engine’s answer) against the turn’s budget', async () => {
    const clock = fakeClock();
    const turns = new FairTurns({ budgetMs: BUDGET, now: clock.now });
    const ticker = loopTicker();
    const afterAwait = async () => {
      await Promise.resolve();
      return clock.costing(BUDGET, () => ticker.turns)();
    };
    const seen = await Promise.all(Array.from({ length: 3 }, () => turns.run('one', afterAwait)));
    ticker.stop();
    expect(new Set(seen).size).toBe(3);
  });

  it('When a heavy client fills whole turns, then a client arriving meanwhile starts first in the next turn', async () => {
    const clock = fakeClock();
    const turns = new FairTurns({ budgetMs: BUDGET, now: clock.now });
    const order: string[] = [];
    const unit = (name: string) => clock.costing(2, () => order.push(name));
    const heavy = Array.from({ length: 10 }, (_, i) => turns.run('heavy', unit(`h${i + 1}`)));
    // h4–h6 are the second turn's: the visitor arrives as it ends.
    await heavy[5];
    const visitor = turns.run('visitor', unit('v1'));
    await Promise.all([...heavy, visitor]);
    expect(order).toEqual(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'v1', 'h7', 'h8', 'h9', 'h10']);
  });

  it('does not wait for a unit to finish before starting the next (an engine’s round trip holds no one up)', async () => {
    const turns = new FairTurns();
    let release: () => void = () => undefined;
    const slow = turns.run('c', () => new Promise<string>((resolve) => (release = () => resolve('slow'))));
    await expect(turns.run('c', async () => 'fast')).resolves.toBe('fast');
    release();
    await expect(slow).resolves.toBe('slow');
  });

  it('When the engine runs a search in slices, then the next unit starts once it is idle, in the fair order', async () => {
    // An engine that runs one search at a time across turns of the event loop (the embedded engine:
    // SearchEngine.idle): each unit here holds it until finished by hand.
    let idle: Promise<void> | null = null;
    let finish: () => void = () => undefined;
    const turns = new FairTurns({ whileBusy: () => idle });
    const order: string[] = [];
    const sliced = (name: string) => () => {
      order.push(name);
      idle = new Promise<void>((resolve) => {
        finish = () => {
          idle = null;
          resolve();
        };
      });
      return idle;
    };
    const nextTurns = async (count: number) => {
      for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
    };
    const heavy = ['h1', 'h2', 'h3'].map((name) => turns.run('heavy', sliced(name)));
    await nextTurns(5);
    // Without waiting, each of those turns would have started one more search to queue in the engine.
    expect(order).toEqual(['h1']);
    const visitor = turns.run('visitor', sliced('v1'));
    for (let i = 0; i < 3; i++) {
      finish();
      await nextTurns(3);
    }
    finish();
    await Promise.all([...heavy, visitor]);
    expect(order).toEqual(['h1', 'h2', 'v1', 'h3']);
  });

  it('passes on a unit’s failure, thrown or rejected, and goes on with the others', async () => {
    const turns = new FairTurns();
    const thrown = turns.run('c', () => {
      throw new Error('thrown');
    });
    const rejected = turns.run('c', () => Promise.reject(new Error('rejected')));
    const fine = turns.run('c', async () => 'fine');
    await expect(thrown).rejects.toThrow('thrown');
    await expect(rejected).rejects.toThrow('rejected');
    await expect(fine).resolves.toBe('fine');
  });
});
