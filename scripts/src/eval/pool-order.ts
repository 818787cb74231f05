// What eval:pool and eval:round share: the fields a judge reads of an agent, and the seeded order
// a query's candidates are shown in. Judged pools are committed with their seed, so the order must
// stay the same for the same seed (pool-order.test pins it).

export interface PoolAgent {
  name: string;
  provider: string;
  category: string;
  role: string;
  description: string;
}

/** A seeded Fisher–Yates shuffle (FNV-1a of the seed, then a xorshift): the same order every run. */
export function shuffled<T>(items: T[], seed: string): T[] {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619) >>> 0;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/** The fields a pooled candidate carries (its provider is dropped again from the judge's copy). */
export const pick = ({ name, provider, category, role, description }: PoolAgent) => ({
  name,
  provider,
  category,
  role,
  description,
});
