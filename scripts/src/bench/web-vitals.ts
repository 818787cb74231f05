// What bench:vitals measures inside the page, and the network it measures it on.

/**
 * Lighthouse's mobile profile, the one PageSpeed Insights reports Core Web Vitals against (its
 * "Slow 4G", which DevTools long called "Fast 3G"): 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s
 * up, with the CPU 4× slower. Applied per request by Chromium (Network.emulateNetworkConditions).
 */
export const NETWORK_PROFILE = {
  name: 'Lighthouse mobile "Slow 4G" (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up)',
  conditions: {
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
} as const;

export interface Vitals {
  /** The latest largest-contentful-paint candidate, ms from navigation start. */
  lcp: number;
  /** That candidate: tag, class and the start of its text. */
  lcpElement: string;
  fcp: number;
  /** Per interaction (interactionId), its longest event's duration, ms (Event Timing, ≥ 16 ms). */
  interactions: Record<string, number>;
  /** Of the longest interaction: waiting for the main thread, the handlers, then until the next paint. */
  worst: { delay: number; processing: number; presentation: number; type: string } | null;
}

/**
 * Runs in the page before its own scripts (Playwright's init script, which the page's CSP does not
 * apply to): buffered observers of LCP, FCP and event timing, as the web-vitals library reads them.
 * Plain text, not a function: tsx would wrap a function's inner names in a helper the page lacks.
 */
export const webVitalsScript = `(() => {
  const vitals = { lcp: 0, lcpElement: '', fcp: 0, interactions: {}, worst: null };
  window.__vitals = vitals;
  const describe = (element) => {
    if (!element) return '(removed)';
    const classes = element.getAttribute('class');
    const text = (element.textContent || '').trim().slice(0, 30);
    return '<' + element.tagName.toLowerCase() + (classes ? ' class="' + classes + '"' : '') + '> "' + text + '"';
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      vitals.lcp = entry.startTime;
      vitals.lcpElement = describe(entry.element);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const key = String(entry.interactionId);
      vitals.interactions[key] = Math.max(vitals.interactions[key] || 0, entry.duration);
      if (!vitals.worst || entry.duration > vitals.worst.delay + vitals.worst.processing + vitals.worst.presentation) {
        vitals.worst = {
          delay: entry.processingStart - entry.startTime,
          processing: entry.processingEnd - entry.processingStart,
          presentation: entry.startTime + entry.duration - entry.processingEnd,
          type: entry.name,
        };
      }
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
})();`;
