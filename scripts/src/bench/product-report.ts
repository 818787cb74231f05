import type { EventLoopSample } from './event-loop-samples';
import { PRODUCT_MIX, type ProductKind, WRITE_KINDS } from './product-mix';
import type { ProductFigures } from './product-recorder';

// The whole-product figures as the issue asks for them, each beside its target: 0 errors, every
// read kind's p99 ≤ 100 ms and every write kind's ≤ 250 ms; 429s counted apart, with the limiter
// that sent each.

export const TARGETS = { readP99Ms: 100, writeP99Ms: 250, errors: 0 } as const;

export function targetOf(kind: ProductKind): number {
  return WRITE_KINDS.has(kind) ? TARGETS.writeP99Ms : TARGETS.readP99Ms;
}

/** Kinds over their p99 target, worst first relative to the target. */
export function kindsOverTarget(
  figures: ProductFigures,
): Array<{ kind: ProductKind; p99: number; target: number }> {
  return (
    Object.entries(figures.byKind) as Array<[ProductKind, NonNullable<ProductFigures['byKind'][ProductKind]>]>
  )
    .map(([kind, k]) => ({ kind, p99: k.p99, target: targetOf(kind) }))
    .filter((each) => each.p99 > each.target)
    .sort((a, b) => b.p99 / b.target - a.p99 / a.target);
}

const ORDER: ProductKind[] = [...PRODUCT_MIX.map((entry) => entry.kind), 'shortlist remove', 'csrf token'];

export function printProductFigures(
  title: string,
  figures: ProductFigures,
  loop: EventLoopSample | null,
  log: (line: string) => void,
): void {
  log(
    `  ${title}: ${figures.requestsPerSecond} req/s, ${figures.requests} requests; ${figures.errors} errors (target ${TARGETS.errors}), ${figures.tooMany} 429s (apart); p50 ${figures.p50} ms, p99 ${figures.p99} ms; event-loop delay p99 ${loop?.p99 ?? 'n/a'} ms, max ${loop?.max ?? 'n/a'} ms`,
  );
  // p50/p99/max count from the person's click; "waited" is how long the person's earlier action
  // kept the click past its schedule, "p99 sched." the p99 of both together (product-load.ts).
  log(
    `    ${'kind'.padEnd(19)}      req    err   429    p50 ms    p99 ms   target    max ms        waited p99 / max   p99 sched.`,
  );
  for (const kind of ORDER) {
    const k = figures.byKind[kind];
    if (!k) continue;
    const target = targetOf(kind);
    const verdict = k.p99 <= target && k.errors === 0 ? 'ok' : 'OVER';
    log(
      `    ${kind.padEnd(19)} ${WRITE_KINDS.has(kind) ? 'W' : 'R'} ${String(k.requests).padStart(7)} ${String(k.errors).padStart(6)} ${String(k.tooMany).padStart(5)} ${String(k.p50).padStart(9)} ${String(k.p99).padStart(9)}   ≤ ${String(target).padStart(3)}  ${String(k.max).padStart(8)}  ${verdict.padEnd(4)} ${String(k.waitedP99).padStart(9)} / ${String(k.waitedMax).padEnd(8)} ${String(k.p99FromSchedule).padStart(10)}`,
    );
  }
  for (const [key, count] of Object.entries(figures.errorKinds)) {
    log(`    error: ${key} × ${count}: "${figures.errorSamples[key] ?? ''}"`);
  }
  for (const [key, count] of Object.entries(figures.tooManyReasons)) log(`    429: ${key} × ${count}`);
  for (const [kind, parts] of Object.entries(figures.slowest)) log(`    slowest ${kind}: ${parts}`);
  const over = kindsOverTarget(figures);
  if (over.length) {
    log(
      `    over target: ${over.map((each) => `${each.kind} ${each.p99} ms (≤ ${each.target})`).join(', ')}`,
    );
  }
}
