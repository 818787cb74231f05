// chart.js draws on a canvas, which jsdom lacks. Tests that render the charts mock chart.js with
// this: it records the charts made, so a test can see what would be drawn.

export const madeCharts: Array<{ type: string; labels: unknown[]; data: unknown[] }> = [];

export class Chart {
  static defaults = { font: { family: '' }, color: '' };
  static register() {}
  constructor(
    _canvas: unknown,
    config: { type: string; data: { labels?: unknown[]; datasets: Array<{ data: unknown[] }> } },
  ) {
    madeCharts.push({
      type: config.type,
      labels: config.data.labels ?? [],
      data: config.data.datasets[0]?.data ?? [],
    });
  }
  destroy() {}
}

const part = {};
export const ArcElement = part;
export const BarController = part;
export const BarElement = part;
export const DoughnutController = part;
export const Legend = part;
export const CategoryScale = part;
export const LinearScale = part;
export const LineController = part;
export const LineElement = part;
export const PointElement = part;
export const Tooltip = part;
