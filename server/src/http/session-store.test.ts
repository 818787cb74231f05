import type { SessionRepository } from '@agentry/platform/store/port';
import type session from 'express-session';
import { PortSessionStore, TOUCH_EVERY_MS } from './session-store';

// The session store writes a rolling session's expiry again only when it would move by a minute or
// more: the idle timeout is hours, and a write per request of every signed-in person was a store
// write per request.

function recordingRepository() {
  const touches: Array<{ sid: string; at: number }> = [];
  const repository: SessionRepository = {
    get: async () => null,
    set: async () => undefined,
    touch: async (sid, expiresAt) => {
      touches.push({ sid, at: expiresAt.getTime() });
    },
    destroy: async () => undefined,
    destroyForUser: async () => 0,
    purgeExpired: async () => 0,
  };
  return { repository, touches };
}

const dataExpiring = (at: number) =>
  ({ cookie: { expires: new Date(at) } }) as unknown as session.SessionData;
const call = (run: (done: () => void) => void) => new Promise<void>((resolve) => run(resolve));

describe('PortSessionStore', () => {
  const T = Date.parse('2026-11-28T03:00:00Z');

  it('writes a touch that moves the expiry by a minute or more, and skips the ones in between', async () => {
    const { repository, touches } = recordingRepository();
    const store = new PortSessionStore(repository);
    await call((done) => store.touch('s1', dataExpiring(T), done));
    await call((done) => store.touch('s1', dataExpiring(T + 1_000), done));
    await call((done) => store.touch('s1', dataExpiring(T + TOUCH_EVERY_MS - 1), done));
    await call((done) => store.touch('s1', dataExpiring(T + TOUCH_EVERY_MS), done));
    // Another session is its own.
    await call((done) => store.touch('s2', dataExpiring(T + 1_000), done));
    expect(touches).toEqual([
      { sid: 's1', at: T },
      { sid: 's1', at: T + TOUCH_EVERY_MS },
      { sid: 's2', at: T + 1_000 },
    ]);
  });

  it('counts a save as written, and forgets a destroyed session', async () => {
    const { repository, touches } = recordingRepository();
    const store = new PortSessionStore(repository);
    await call((done) => store.set('s1', dataExpiring(T), done));
    await call((done) => store.touch('s1', dataExpiring(T + 1_000), done));
    expect(touches).toEqual([]);
    await call((done) => store.destroy('s1', done));
    await call((done) => store.touch('s1', dataExpiring(T + 2_000), done));
    expect(touches).toEqual([{ sid: 's1', at: T + 2_000 }]);
  });

  it('writes every touch when asked to (a zero interval)', async () => {
    const { repository, touches } = recordingRepository();
    const store = new PortSessionStore(repository, 0);
    for (const at of [T, T, T + 1]) await call((done) => store.touch('s1', dataExpiring(at), done));
    expect(touches).toHaveLength(3);
  });
});
