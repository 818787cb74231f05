/** The site's palette (styles/base.css), for the charts' series. */
export const CHART_COLORS = {
  primary: '#0b5f59',
  accent: '#7dd3c0',
  muted: '#b9c5ce',
  focus: '#1a56db',
} as const;
