import type { ChartConfiguration } from 'chart.js';
import { useId, useMemo } from 'react';
import { ChartCanvas } from '../../../components/charts/chart-canvas';
import type { EventKind, WeekCounts } from '../api/get-provider-analytics';
import { KIND_LABELS, kindSummary, weekLabel } from '../utils/analytics-data';

/** The site's primary colour (styles/base.css). */
const LINE_COLOR = '#0b5f59';

/** One kind of event over the weeks: a captioned line chart whose summary is its text alternative. */
export function KindChart({
  kind,
  weekly,
  scope,
}: {
  kind: EventKind;
  weekly: readonly WeekCounts[];
  scope: string;
}) {
  const titleId = useId();
  const { title } = KIND_LABELS[kind];
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'line',
      data: {
        labels: weekly.map((week) => weekLabel(week.week)),
        datasets: [
          {
            label: title,
            data: weekly.map((week) => week[kind]),
            borderColor: LINE_COLOR,
            backgroundColor: LINE_COLOR,
            pointRadius: 2,
          },
        ],
      },
      options: {
        maintainAspectRatio: false,
        plugins: { legend: { display: false } },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    }),
    [weekly, kind, title],
  );
  const summary = kindSummary(kind, weekly);
  return (
    <figure className="provider-analytics__chart" aria-labelledby={titleId}>
      <figcaption>
        <span className="provider-analytics__chart-title" id={titleId}>
          {title}
        </span>
        <span className="provider-analytics__chart-summary">{summary}</span>
      </figcaption>
      <div className="provider-analytics__canvas">
        <ChartCanvas config={config} label={`${title}, ${scope}: ${summary}`} />
      </div>
    </figure>
  );
}
