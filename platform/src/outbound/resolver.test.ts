import { createResolver, DnsLookupError, SYSTEM_LOOKUPS_AT_ONCE } from './resolver';

// The system's lookups (getaddrinfo) each hold a thread of libuv's pool, which the password hashes
// share: a resolver runs at most SYSTEM_LOOKUPS_AT_ONCE of them at once, so names that never
// answer cannot take every thread.

interface Held {
  host: string;
  answer(): void;
  fail(code: string): void;
}

/** A system lookup that answers only when the test says so, and tells which calls it holds. */
function heldLookups() {
  const held: Held[] = [];
  const lookup = (host: string) =>
    new Promise<Array<{ address: string; family: number }>>((resolve, reject) => {
      held.push({
        host,
        answer: () => resolve([{ address: '93.184.215.14', family: 4 }]),
        fail: (code) => reject(Object.assign(new Error(code), { code })),
      });
    });
  return { held, lookup };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the system resolver on a bounded share of the thread pool', () => {
  it('When the link checker asks for many names at once, then at most two lookups hold a thread; the rest wait their turn', async () => {
    expect(SYSTEM_LOOKUPS_AT_ONCE).toBe(2);
    const { held, lookup } = heldLookups();
    const resolver = createResolver({ systemLookup: lookup });
    const hosts = Array.from({ length: 8 }, (_, i) => `site-${i}.example`);
    // Settled as they come (one of them fails on purpose).
    const answers = Promise.allSettled(hosts.map((host) => resolver.addresses(host)));
    await turn();
    expect(held.map((call) => call.host)).toEqual(['site-0.example', 'site-1.example']);
    // One answers: the next in line starts, never more than two at once.
    held[0]!.answer();
    await turn();
    expect(held.map((call) => call.host)).toEqual(['site-0.example', 'site-1.example', 'site-2.example']);
    // A failure frees its slot too.
    held[1]!.fail('ENOTFOUND');
    await turn();
    expect(held).toHaveLength(4);
    for (let i = 2; i < 8; i++) {
      held[i]!.answer();
      await turn();
    }
    const settled = await answers;
    expect(settled.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect((settled[1] as PromiseRejectedResult).reason).toBeInstanceOf(DnsLookupError);
    expect((settled[0] as PromiseFulfilledResult<unknown>).value).toEqual([
      { address: '93.184.215.14', family: 4 },
    ]);
  });

  it('When a name is an address, then it is its own answer and takes no turn', async () => {
    const { held, lookup } = heldLookups();
    const resolver = createResolver({ systemLookup: lookup });
    void resolver.addresses('one.example');
    void resolver.addresses('two.example');
    expect(await resolver.addresses('192.0.2.7')).toEqual([{ address: '192.0.2.7', family: 4 }]);
    expect(await resolver.addresses('[2001:db8::1]')).toEqual([{ address: '2001:db8::1', family: 6 }]);
    await turn();
    expect(held).toHaveLength(2);
    for (const call of held) call.answer();
  });
});
