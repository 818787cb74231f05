// One seeded random generator (mulberry32) for every test, benchmark and fuzz run that needs the same
// numbers each time: the same seed gives the same synthetic catalogue, traffic and fuzz cases, so a
// figure or a failure is replayed from its seed. It lives in domain/ because every workspace may
// import domain (platform may not import scripts). Not for secrets: it is predictable by design.

/** Floats in [0, 1), the same sequence for the same seed (taken as an unsigned 32-bit number). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
