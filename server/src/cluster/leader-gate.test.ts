import { EventEmitter } from 'node:events';
import { AWAIT_LEADER, awaitLeader, type Channel, LEADER_READY, LeaderGate } from './leader-gate';

/** A worker's IPC channel whose messages to the supervisor are recorded. */
function channel(): Channel & { sent: unknown[] } {
  const emitter = new EventEmitter() as Channel & { sent: unknown[] };
  emitter.sent = [];
  emitter.send = (message: unknown) => {
    emitter.sent.push(message);
    return true;
  };
  return emitter;
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('the supervisor waits for the leader before letting the other workers open the store', () => {
  it('holds a worker that asks before the leader has set up the store, and releases it when it has', () => {
    const gate = new LeaderGate();
    const released: string[] = [];
    gate.wait(() => released.push('worker 1'));
    gate.wait(() => released.push('worker 2'));
    expect(released).toEqual([]);
    gate.open();
    expect(released).toEqual(['worker 1', 'worker 2']);
  });

  it('releases at once a worker that asks after the leader is set up (a worker started again)', () => {
    const gate = new LeaderGate();
    gate.open();
    const released: string[] = [];
    gate.wait(() => released.push('worker 1'));
    expect(released).toEqual(['worker 1']);
  });

  it('forgets a worker that exits while waiting, and releases each worker once', () => {
    const gate = new LeaderGate();
    const released: string[] = [];
    const forget = gate.wait(() => released.push('gone'));
    gate.wait(() => released.push('worker 2'));
    forget();
    gate.open();
    gate.open();
    expect(released).toEqual(['worker 2']);
  });
});

describe("a worker's wait for the leader", () => {
  it('asks the supervisor, and goes on only when told the leader is ready', async () => {
    const ipc = channel();
    const waiting = awaitLeader(ipc);
    expect(ipc.sent).toEqual([{ type: AWAIT_LEADER }]);
    ipc.emit('message', { type: 'something else' });
    expect(await settled(waiting)).toBe(false);
    ipc.emit('message', { type: LEADER_READY });
    expect(await settled(waiting)).toBe(true);
    expect(ipc.listenerCount('message')).toBe(0);
  });

  it('does not wait outside a cluster (no IPC channel)', async () => {
    expect(await settled(awaitLeader(new EventEmitter()))).toBe(true);
  });
});
