import type { ChartConfiguration } from 'chart.js';
import { useEffect, useRef } from 'react';

// One canvas for every chart of the site (the admin dashboard, the provider analytics). chart.js
// loads on first use, after the page is on screen, in a chunk of its own. Only chart-setup (chart.js and its registration, no React) is imported lazily: a lazy
// chunk that shared React with the entry would split React out of it, one more request on every
// page of the site.
let chartModule: Promise<typeof import('./chart-setup')> | null = null;
const loadChart = () => {
  chartModule ??= import('./chart-setup');
  return chartModule;
};

/**
 * One chart.js chart on a canvas, drawn again when `config` changes (memoise it). The canvas is an
 * image named by `label`; the figure around it carries the data as text.
 */
export function ChartCanvas({ config, label }: { config: ChartConfiguration; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let chart: { destroy: () => void } | null = null;
    let cancelled = false;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    loadChart().then(
      ({ Chart }) => {
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        chart = new Chart(
          canvas,
          still ? { ...config, options: { ...config.options, animation: false } } : config,
        );
      },
      () => {
        // The drawing is lost; the caption and the table beside it still say everything.
        chartModule = null;
      },
    );
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [config]);

  return <canvas ref={canvasRef} role="img" aria-label={label} />;
}
