import {
  CategoryScale,
  Chart,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

// chart.js registered tree-shaken (as the admin charts do): only what a line over weeks draws.

Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip);

Chart.defaults.font.family =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
Chart.defaults.color = '#4b5a67';

export { Chart };
