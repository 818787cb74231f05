// How much of a query a document covers, by the mask of the query's word groups it matched: the
// covered share of the groups' importance, and that share raised to a power (RANKING.coveragePower,
// the score's weight). Masks repeat across documents, so each is worked out once per ranking pass,
// when a document first has it. Filling the whole table up front cost 2^groups entries whatever
// matched: with 16 groups (a long query) 65,536 powers per pass, most of a 490-character search's
// time (issue 21), where the documents of a search have a few hundred distinct masks at most.

/** Groups beyond this many are left out of coverage (a query of more words reads as these). */
export const MAX_COVERAGE_GROUPS = 16;

/**
 * The table's storage, kept from one search to the next (one per index, in its Scratch): entries
 * are stamped with the pass that wrote them, so a new pass clears nothing.
 */
export class CoverageMemory {
  stamps = new Uint32Array(0);
  shares = new Float64Array(0);
  weights = new Float64Array(0);
  private generation = 0;

  /** Room for `size` masks, and a stamp no entry holds yet. */
  begin(size: number): number {
    if (this.stamps.length < size) {
      this.stamps = new Uint32Array(size);
      this.shares = new Float64Array(size);
      this.weights = new Float64Array(size);
    }
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }
}

export class CoverageTable {
  private readonly total: number;
  private readonly stamp: number;
  /** Every group matched: masks are cut to it. */
  readonly allGroups: number;

  /**
   * `parts`: the group mask of each part of a use case in several parts (ranking/query-parts.ts);
   * with two or more, the weight is also multiplied by the share of parts covered to `partPower`.
   */
  constructor(
    private readonly importance: readonly number[],
    private readonly power: number,
    private readonly memory = new CoverageMemory(),
    private readonly parts: readonly number[] = [],
    private readonly partPower = 0,
  ) {
    if (importance.length > MAX_COVERAGE_GROUPS)
      throw new RangeError(`at most ${MAX_COVERAGE_GROUPS} groups, not ${importance.length}`);
    const size = 1 << importance.length;
    this.stamp = memory.begin(size);
    this.total = importance.reduce((sum, value) => sum + value, 0) || 1;
    this.allGroups = size - 1;
  }

  /** The covered share of the query, 0 to 1. */
  coverage(mask: number): number {
    if (this.memory.stamps[mask] !== this.stamp) this.fill(mask);
    return this.memory.shares[mask]!;
  }

  /** coverage(mask) ^ power. */
  weight(mask: number): number {
    if (this.memory.stamps[mask] !== this.stamp) this.fill(mask);
    return this.memory.weights[mask]!;
  }

  private fill(mask: number): void {
    let covered = 0;
    for (let g = 0; g < this.importance.length; g++) if (mask & (1 << g)) covered += this.importance[g]!;
    const share = covered / this.total;
    this.memory.stamps[mask] = this.stamp;
    this.memory.shares[mask] = share;
    let weight = share ** this.power;
    if (this.parts.length > 1 && this.partPower > 0) {
      let held = 0;
      for (const part of this.parts) if (mask & part) held += 1;
      weight *= (held / this.parts.length) ** this.partPower;
    }
    this.memory.weights[mask] = weight;
  }
}
