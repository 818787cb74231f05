import type { EventLoopSample } from './event-loop-samples';
import { describeGenerator } from './generator-health';
import type { LoadFigures } from './http-load';
import { describeSpans, SPAN_MS } from './latency-spans';
import { describeSearchTail } from './search-tail';
import { MIX } from './traffic-mix';

// bench:load's lines for one closed or open loop: throughput, errors, p50/p99, the server's event
// loop, the generator's own health, the open loop's spans and slowest searches, and each kind.

export function printFigures(
  log: (line: string) => void,
  title: string,
  figures: LoadFigures,
  loop: EventLoopSample | null,
) {
  log(
    `  ${title}: ${figures.requestsPerSecond} req/s, ${figures.requests} requests, ${figures.errors} errors${
      figures.errors ? ` ${JSON.stringify(figures.errorKinds)}` : ''
    }, p50 ${figures.p50} ms, p99 ${figures.p99} ms; event-loop delay p99 ${loop?.p99 ?? 'n/a'} ms, max ${loop?.max ?? 'n/a'} ms`,
  );
  if (figures.generator) log(describeGenerator(figures.generator));
  // Whether the slow answers came together (the first seconds: start-up work) or spread out.
  if (figures.spans)
    log(`    p99 by ${SPAN_MS / 1000} s of the schedule (ms): ${describeSpans(figures.spans)}`);
  if (figures.searchTail) log(describeSearchTail(figures.searchTail));
  for (const [kind] of MIX) {
    const k = figures.byKind[kind];
    if (!k) continue;
    log(
      `    ${kind.padEnd(17)} ${String(k.requests).padStart(7)} req  ${String(k.errors).padStart(5)} err  p50 ${String(k.p50).padStart(7)} ms  p99 ${String(k.p99).padStart(7)} ms  max ${String(k.max).padStart(7)} ms${k.serverP99 !== undefined ? `  server p99 ${String(k.serverP99).padStart(6)} ms` : ''}`,
    );
  }
}
