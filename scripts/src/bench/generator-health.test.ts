import { GeneratorWatch, quantile } from './generator-health';
import { serverMsOf } from './http-load';

describe("the open loop's watch on itself", () => {
  it("reads the server's own time from Server-Timing, beside a route's parts", () => {
    expect(serverMsOf('app;dur=2.5')).toBe(2.5);
    expect(serverMsOf('search;dur=1.00, app;dur=12.0')).toBe(12);
    expect(serverMsOf(['search;dur=1.00', 'app;dur=3.1'])).toBe(3.1);
    expect(serverMsOf('search;dur=1.00')).toBeNull();
    expect(serverMsOf(undefined)).toBeNull();
    // A part named like it is not it.
    expect(serverMsOf('myapp;dur=9')).toBeNull();
  });

  it('counts how late requests left, never early ones as negative', () => {
    const watch = new GeneratorWatch();
    watch.start();
    for (const ms of [-0.5, 0, 1, 2, 40]) watch.lateBy(ms);
    const health = watch.stop();
    expect(health.lateSendMaxMs).toBe(40);
    expect(health.lateSendP99Ms).toBe(40);
    expect(health.cpuShare).toBeGreaterThanOrEqual(0);
  });

  it('takes quantiles of sorted values', () => {
    expect(quantile([], 0.99)).toBe(0);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(3);
    expect(quantile([1, 2, 3, 4], 0.99)).toBe(4);
  });
});
