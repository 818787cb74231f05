import {
  type CallFrame,
  type CpuProfile,
  groupOf,
  sourceAt,
  sourceMarkers,
  summariseProfile,
} from './cpu-profile';

const bundle = [
  '"use strict";',
  '// domain/src/agent.ts',
  'function agentName() {}',
  '',
  '// platform/src/search/embedded/bm25f.ts',
  'function score() {}',
  'function rank() {}',
  '// server/src/http/request-log.ts',
  'function logRequest() {}',
].join('\n');

describe('sourceMarkers and sourceAt', () => {
  const markers = sourceMarkers(bundle);
  it("reads esbuild's file markers of a bundle", () => {
    expect(markers).toEqual([
      { line: 1, source: 'domain/src/agent.ts' },
      { line: 4, source: 'platform/src/search/embedded/bm25f.ts' },
      { line: 7, source: 'server/src/http/request-log.ts' },
    ]);
  });
  it('traces a line of the bundle to the file it came from, none before the first', () => {
    expect(sourceAt(markers, 0)).toBeNull();
    expect(sourceAt(markers, 2)).toBe('domain/src/agent.ts');
    expect(sourceAt(markers, 6)).toBe('platform/src/search/embedded/bm25f.ts');
    expect(sourceAt(markers, 8)).toBe('server/src/http/request-log.ts');
  });
});

describe('groupOf', () => {
  const frame = (functionName: string, url: string, lineNumber = 0): CallFrame => ({
    functionName,
    url,
    lineNumber,
  });
  const markers = sourceMarkers(bundle);
  const sourceOf = (f: CallFrame) => (f.url.endsWith('dist/api.js') ? sourceAt(markers, f.lineNumber) : null);
  it('names garbage collection, idle time and packages', () => {
    expect(groupOf(frame('(garbage collector)', ''), sourceOf)).toBe('garbage collection');
    expect(groupOf(frame('(idle)', ''), sourceOf)).toBe('idle (waiting for the network)');
    expect(groupOf(frame('handle', 'file:///app/node_modules/router/lib/layer.js'), sourceOf)).toBe(
      'package router',
    );
    expect(groupOf(frame('write', 'file:///app/node_modules/@scope/pkg/index.js'), sourceOf)).toBe(
      'package @scope/pkg',
    );
  });
  it("puts Node's HTTP and sockets apart from the rest of Node", () => {
    expect(groupOf(frame('writeHead', 'node:_http_server'), sourceOf)).toBe(
      'Node.js HTTP, sockets and streams',
    );
    expect(groupOf(frame('onStreamRead', 'node:internal/stream_base_commons'), sourceOf)).toBe(
      'Node.js HTTP, sockets and streams',
    );
    expect(groupOf(frame('hrtime', 'node:internal/process/per_thread'), sourceOf)).toBe('Node.js, other');
  });
  it('groups our code two folders below src/, found through the bundle', () => {
    expect(groupOf(frame('score', 'file:///app/dist/api.js', 5), sourceOf)).toBe(
      'platform/src/search/embedded',
    );
    expect(groupOf(frame('logRequest', 'file:///app/dist/api.js', 8), sourceOf)).toBe('server/src/http');
    expect(groupOf(frame('agentName', 'file:///app/dist/api.js', 2), sourceOf)).toBe('domain/src/agent.ts');
  });
  it('counts a package compiled into the bundle as that package', () => {
    const bundled = (source: string) =>
      groupOf(frame('handle', 'file:///app/dist/api-serve.js'), () => source);
    expect(bundled('node_modules/express/lib/router.js')).toBe('package express');
    expect(bundled('node_modules/@otplib/core/dist/index.js')).toBe('package @otplib/core');
  });
});

describe('summariseProfile', () => {
  it('counts self time per group and function from the samples, with the share of time not idle', () => {
    const profile: CpuProfile = {
      startTime: 0,
      endTime: 10_000, // 10 ms in µs, 10 samples: 1 ms each
      nodes: [
        { id: 1, callFrame: { functionName: '(idle)', url: '', lineNumber: 0 } },
        { id: 2, callFrame: { functionName: 'score', url: 'file:///app/dist/api.js', lineNumber: 5 } },
        {
          id: 3,
          callFrame: {
            functionName: 'handle',
            url: 'file:///app/node_modules/router/index.js',
            lineNumber: 3,
          },
        },
      ],
      samples: [1, 1, 1, 2, 2, 2, 2, 3, 3, 2],
    };
    const markers = sourceMarkers(bundle);
    const summary = summariseProfile(profile, (f) =>
      f.url.endsWith('api.js') ? sourceAt(markers, f.lineNumber) : null,
    );
    expect(summary.totalMs).toBe(10);
    expect(summary.busyShare).toBeCloseTo(0.7);
    expect(summary.groups).toEqual([
      { name: 'platform/src/search/embedded', ms: 5, share: 0.5 },
      { name: 'idle (waiting for the network)', ms: 3, share: 0.3 },
      { name: 'package router', ms: 2, share: 0.2 },
    ]);
    expect(summary.functions[0]).toEqual({
      name: 'score (platform/src/search/embedded/bm25f.ts)',
      ms: 5,
      share: 0.5,
    });
  });
});

describe('summariseProfile with a window', () => {
  it('counts only the samples taken in the window (the load test, not the start before it)', () => {
    const profile: CpuProfile = {
      startTime: 1_000,
      endTime: 11_000,
      nodes: [
        { id: 1, callFrame: { functionName: 'loadIndex', url: 'file:///app/dist/api.js', lineNumber: 2 } },
        { id: 2, callFrame: { functionName: 'score', url: 'file:///app/dist/api.js', lineNumber: 5 } },
      ],
      // Samples at 2, 3, 4 ms (start-up) then 6, 7, 8, 9 ms (the load).
      samples: [1, 1, 1, 2, 2, 2, 2],
      timeDeltas: [1_000, 1_000, 1_000, 2_000, 1_000, 1_000, 1_000],
    };
    const markers = sourceMarkers(bundle);
    const summary = summariseProfile(profile, (f) => sourceAt(markers, f.lineNumber), 20, {
      fromUs: 5_500,
      toUs: 9_500,
    });
    expect(summary.totalMs).toBe(4);
    expect(summary.groups).toEqual([{ name: 'platform/src/search/embedded', ms: 4, share: 1 }]);
  });
});
