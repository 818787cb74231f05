import { FairTurns } from './fair-turns';

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

  it('starts each unit on a turn of the event loop of its own, so other work runs between two units', async () => {
    const turns = new FairTurns();
    const ticker = loopTicker();
    const seen = await Promise.all(
      Array.from({ length: 4 }, () => turns.run('one', async () => ticker.turns)),
    );
    ticker.stop();
    expect(new Set(seen).size).toBe(4);
  });

  it('does not wait for a unit to finish before starting the next (an engine’s round trip holds no one up)', async () => {
    const turns = new FairTurns();
    let release: () => void = () => undefined;
    const slow = turns.run('c', () => new Promise<string>((resolve) => (release = () => resolve('slow'))));
    await expect(turns.run('c', async () => 'fast')).resolves.toBe('fast');
    release();
    await expect(slow).resolves.toBe('slow');
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
