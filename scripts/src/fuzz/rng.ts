// A seeded random source (the shared mulberry32), so that a run is replayed exactly from its seed.

import { seededRandom } from '@agentry/domain/testing/seeded-random';

export class Rng {
  private readonly source: () => number;

  constructor(seed: number) {
    this.source = seededRandom(seed);
  }

  /** Another stream for `label`, independent of how much of this one was used. */
  static derive(seed: number, label: string): Rng {
    let hash = seed >>> 0;
    for (let i = 0; i < label.length; i += 1) hash = Math.imul(hash ^ label.charCodeAt(i), 0x9e3779b1) >>> 0;
    return new Rng(hash);
  }

  /** A float in [0, 1). */
  next(): number {
    return this.source();
  }

  /** A whole number in [0, below). */
  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = this.int(i + 1);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }
}

/** A fresh seed when none is given: printed with the report so the run can be replayed. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
