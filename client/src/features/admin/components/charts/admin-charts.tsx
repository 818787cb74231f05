import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { formatCount } from '../../../../lib/format-count';
import type { AdminStats } from '../../api/get-admin-stats';
import { CHART_COLORS } from './chart-colors';
import { OTHER_LABEL, sumOf, topCategories, weekLabel } from './chart-data';
import { ChartFigure } from './chart-figure';

// The dashboard's charts: agents per category, new agents and subscribers per week, and active
// versus inactive subscriptions. chart.js itself loads lazily (components/charts/chart-canvas.tsx).

const plural = (count: number, word: string, words = `${word}s`) =>
  `${formatCount(count)} ${count === 1 ? word : words}`;

export function AdminCharts({ stats }: { stats: AdminStats }) {
  return (
    <div className="admin-charts">
      <CategoryChart perCategory={stats.per_category} />
      <WeeklyChart weekly={stats.weekly} />
      <SubscriptionsChart subscriptions={stats.subscriptions} />
    </div>
  );
}

function CategoryChart({ perCategory }: { perCategory: AdminStats['per_category'] }) {
  const slices = useMemo(() => topCategories(perCategory), [perCategory]);
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: {
        labels: slices.map((slice) => slice.label),
        datasets: [
          {
            label: 'Agents',
            data: slices.map((slice) => slice.count),
            backgroundColor: CHART_COLORS.primary,
          },
        ],
      },
      options: {
        indexAxis: 'y',
        maintainAspectRatio: false,
        plugins: { legend: { display: false } },
        scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    }),
    [slices],
  );
  const largest = slices.find((slice) => slice.label !== OTHER_LABEL) ?? slices[0];
  const summary = largest
    ? `${plural(perCategory.length, 'category', 'categories')}, ${plural(sumOf(slices), 'agent')}; the largest is ${largest.label} with ${plural(largest.count, 'agent')}.`
    : 'No agents yet.';
  return (
    <ChartFigure
      title="Agents per category"
      summary={summary}
      config={config}
      height={Math.max(160, slices.length * 26 + 48)}
      table={{ columns: ['Category', 'Agents'], rows: slices.map((slice) => [slice.label, slice.count]) }}
    />
  );
}

function WeeklyChart({ weekly }: { weekly: AdminStats['weekly'] }) {
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'line',
      data: {
        labels: weekly.map((week) => weekLabel(week.week)),
        datasets: [
          {
            label: 'New agents',
            data: weekly.map((week) => week.agents),
            borderColor: CHART_COLORS.primary,
            backgroundColor: CHART_COLORS.primary,
          },
          {
            label: 'New subscribers',
            data: weekly.map((week) => week.subscribers),
            borderColor: CHART_COLORS.focus,
            backgroundColor: CHART_COLORS.focus,
            borderDash: [6, 4],
          },
        ],
      },
      options: { maintainAspectRatio: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
    }),
    [weekly],
  );
  const agents = weekly.reduce((sum, week) => sum + week.agents, 0);
  const subscribers = weekly.reduce((sum, week) => sum + week.subscribers, 0);
  return (
    <ChartFigure
      title="New agents and subscribers per week"
      summary={`Over the last ${plural(weekly.length, 'week')}: ${plural(agents, 'new agent')} and ${plural(subscribers, 'new subscriber')}.`}
      config={config}
      height={260}
      table={{
        columns: ['Week of', 'New agents', 'New subscribers'],
        rows: weekly.map((week) => [weekLabel(week.week), week.agents, week.subscribers]),
      }}
    />
  );
}

function SubscriptionsChart({ subscriptions }: { subscriptions: AdminStats['subscriptions'] }) {
  const { active, inactive } = subscriptions;
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'doughnut',
      data: {
        labels: ['Active', 'Inactive'],
        datasets: [{ data: [active, inactive], backgroundColor: [CHART_COLORS.primary, CHART_COLORS.muted] }],
      },
      options: { maintainAspectRatio: false, plugins: { legend: { position: 'bottom' } } },
    }),
    [active, inactive],
  );
  return (
    <ChartFigure
      title="Subscriptions"
      summary={`${formatCount(active)} active and ${formatCount(inactive)} inactive.`}
      config={config}
      height={240}
      table={{
        columns: ['Subscriptions', 'Count'],
        rows: [
          ['Active', active],
          ['Inactive', inactive],
        ],
      }}
    />
  );
}
