// Where a process's CPU time went, from a V8 CPU profile (`node --cpu-prof`): each sample's
// function is put in a group a reader can act on (the search engine, our HTTP middleware, Express,
// Node's HTTP, garbage collection...), so that BENCHMARKS.md can say where a request's time goes.
// The compiled API's serving code is one bundle (dist/api-serve.js); esbuild marks the start of each source file in it
// with a `// path/to/file.ts` line, which is how a sample in the bundle is traced to its source.

export interface CallFrame {
  functionName: string;
  url: string;
  /** 0-based, as V8 writes it. */
  lineNumber: number;
}

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame; hitCount?: number }>;
  startTime: number;
  endTime: number;
  samples?: number[];
  /** µs between consecutive samples (the first from startTime). */
  timeDeltas?: number[];
}

/** A span of the profiled process's monotonic clock, in µs (process.hrtime of any process on the machine). */
export interface Window {
  fromUs: number;
  toUs: number;
}

/** The source files of a bundle: the 0-based line where each begins, in order. */
export type SourceMarkers = ReadonlyArray<{ line: number; source: string }>;

/** esbuild's `// domain/src/agent.ts` lines of a bundle's text. */
export function sourceMarkers(bundleText: string): SourceMarkers {
  const markers: Array<{ line: number; source: string }> = [];
  const lines = bundleText.split('\n');
  for (const [line, text] of lines.entries()) {
    const marker = /^\/\/ ((?:[\w@.-]+\/)+[\w.-]+\.[cm]?[jt]sx?)$/.exec(text);
    if (marker) markers.push({ line, source: marker[1]! });
  }
  return markers;
}

/** The source file a 0-based line of the bundle belongs to (the last marker at or before it). */
export function sourceAt(markers: SourceMarkers, line: number): string | null {
  let low = 0;
  let high = markers.length - 1;
  let found: string | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (markers[middle]!.line <= line) {
      found = markers[middle]!.source;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** The group a sample's function is counted in. */
export function groupOf(frame: CallFrame, sourceOf: (frame: CallFrame) => string | null): string {
  const { functionName, url } = frame;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(idle)') return 'idle (waiting for the network)';
  if (functionName === '(program)') return 'V8 and native code outside JavaScript';
  if (functionName === '(root)') return 'V8 and native code outside JavaScript';
  const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (packageName) return `package ${packageName}`;
  if (url.startsWith('node:')) {
    if (/^node:(_http|http|net|stream|internal\/(streams|http|net|stream_base|js_stream))/.test(url))
      return 'Node.js HTTP, sockets and streams';
    return 'Node.js, other';
  }
  if (url === '') return 'native functions (JSON, Buffer, crypto...)';
  const source = sourceOf(frame);
  // A package compiled into the bundle (scripts/src/build/npm-externals-plugin.ts: BUNDLED).
  const bundledPackage = source && /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
  if (bundledPackage) return `package ${bundledPackage}`;
  if (source) {
    // The file's folder, at most two levels below its workspace's src/ (platform/src/search/embedded,
    // server/src/http); a file directly in src/ stands for itself (server/src/app.ts).
    const parts = source.split('/');
    const at = parts.indexOf('src');
    if (at < 0 || parts.length - 1 <= at + 1) return source;
    return parts.slice(0, Math.min(parts.length - 1, at + 3)).join('/');
  }
  return url.replace(/^file:\/\//, '');
}

export interface ProfileShare {
  name: string;
  ms: number;
  /** Of all sampled time, idle included. */
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Of all sampled time: time not idle. */
  busyShare: number;
  groups: ProfileShare[];
  functions: ProfileShare[];
}

/**
 * Self time per group and per function, largest first; `top` functions kept. With a window, only
 * the samples taken in it count (a load test, not the start that came before it).
 */
export function summariseProfile(
  profile: CpuProfile,
  sourceOf: (frame: CallFrame) => string | null,
  top = 20,
  window?: Window,
): ProfileSummary {
  const hits = new Map<number, number>();
  let totalMs = (profile.endTime - profile.startTime) / 1000;
  if (profile.samples?.length) {
    let at = profile.startTime;
    for (const [i, id] of profile.samples.entries()) {
      at += profile.timeDeltas?.[i] ?? 0;
      if (window && (at < window.fromUs || at > window.toUs)) continue;
      hits.set(id, (hits.get(id) ?? 0) + 1);
    }
    if (window)
      totalMs = (Math.min(window.toUs, profile.endTime) - Math.max(window.fromUs, profile.startTime)) / 1000;
  } else for (const node of profile.nodes) hits.set(node.id, node.hitCount ?? 0);
  const sampleCount = [...hits.values()].reduce((sum, count) => sum + count, 0);
  const msPerSample = sampleCount ? totalMs / sampleCount : 0;
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  let idle = 0;
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? 0;
    if (!count) continue;
    const group = groupOf(node.callFrame, sourceOf);
    groups.set(group, (groups.get(group) ?? 0) + count);
    if (node.callFrame.functionName === '(idle)') idle += count;
    const where = sourceOf(node.callFrame) ?? node.callFrame.url.replace(/^.*node_modules\//, '');
    const name = `${node.callFrame.functionName || '(anonymous)'} ${where ? `(${where})` : ''}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + count);
  }
  const shares = (counts: Map<string, number>) =>
    [...counts]
      .map(([name, count]) => ({
        name,
        ms: count * msPerSample,
        share: sampleCount ? count / sampleCount : 0,
      }))
      .sort((a, b) => b.ms - a.ms);
  return {
    totalMs,
    busyShare: sampleCount ? 1 - idle / sampleCount : 0,
    groups: shares(groups),
    functions: shares(functions).slice(0, top),
  };
}
